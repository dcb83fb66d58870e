import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { InvoiceDetail } from '@midway/contracts';
import { HttpError } from '@midway/service-kit';

/** Threads at most, invoices waiting for one at most, and the time and heap one invoice may take. */
export interface InvoicePdfLimits {
  threads: number;
  queue: number;
  timeMs: number;
  memoryMb: number;
}

export const DEFAULT_INVOICE_PDF_LIMITS: InvoicePdfLimits = { threads: 1, queue: 16, timeMs: 20_000, memoryMb: 256 };

export interface InvoicePdfRenderer {
  render(invoice: InvoiceDetail): Promise<Buffer>;
  close(): Promise<void>;
}

const busy = () => new HttpError(503, 'pdf_renderer_busy', 'Invoice PDFs are being made for many invoices just now. Try again in a few seconds.');

/**
 * Invoice PDFs made in a bounded pool of worker threads (piscina): laying out one takes pdfkit tens to hundreds of
 * milliseconds (27 ms for 10 lines, 820 ms for 1,000 on the team's machine), which on the event loop would hold every
 * other request of billing that long.
 */
export function startInvoicePdfRenderer(limits: InvoicePdfLimits = DEFAULT_INVOICE_PDF_LIMITS): InvoicePdfRenderer {
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: limits.threads,
    maxThreads: limits.threads,
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
  });
  // A thread that fails between tasks is replaced; the pool's 'error' must not end the service.
  pool.on('error', () => undefined);
  let admitted = 0;
  return {
    async render(invoice) {
      if (admitted >= limits.threads + limits.queue) throw busy();
      admitted += 1;
      try {
        const bytes: Uint8Array = await pool.run(invoice, { signal: AbortSignal.timeout(limits.timeMs) });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw new HttpError(503, 'pdf_renderer_slow', 'The invoice PDF took too long to make. Try again in a minute.');
        throw e;
      } finally {
        admitted -= 1;
      }
    },
    close: () => pool.destroy(),
  };
}

/** The service's renderer, closed when the service stops: what InvoiceService's renderPdf calls. */
export function invoicePdfRenderer(onStop: (stop: () => Promise<void>) => void): (invoice: InvoiceDetail) => Promise<Buffer> {
  const renderer = startInvoicePdfRenderer();
  onStop(() => renderer.close());
  return (invoice) => renderer.render(invoice);
}

/**
 * The worker's file: the compiled one beside this file when running from dist/. From the TypeScript sources (jest,
 * through @swc/jest) a small CommonJS entry in the temp folder compiles .ts files with swc as the thread requires them
 * (the worker and invoice-pdf.ts; packages resolve as built).
 */
function workerFile(): string {
  const built = path.join(__dirname, 'invoice-pdf.worker.js');
  if (fs.existsSync(built)) return built;
  const swc = require.resolve('@swc/core');
  const source = path.join(__dirname, 'invoice-pdf.worker.ts');
  const entry = [
    `const swc = require(${JSON.stringify(swc)});`,
    `require.extensions['.ts'] = (m, file) => m._compile(swc.transformFileSync(file, { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: true } }).code, file);`,
    `module.exports = require(${JSON.stringify(source)});`,
  ].join('\n');
  const file = path.join(os.tmpdir(), `midway-invoice-pdf-worker-${createHash('sha256').update(entry).digest('hex').slice(0, 16)}.js`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, entry);
    fs.renameSync(partial, file);
  }
  return file;
}
