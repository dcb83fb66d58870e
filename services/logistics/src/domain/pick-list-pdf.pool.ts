import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { HttpError } from '@midway/service-kit';
import type { PickList } from '@midway/contracts';
import type { PickListPdfTask } from './pick-list-pdf.worker';

/** Renders pick lists to PDF off the event loop. */
export interface PickListPrinter {
  render(list: PickList): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One worker thread (pdfkit is CPU work: ~100 ms for 100 items), started on the first list and left idle after;
 * the service's event loop only waits for the bytes. At most 16 lists wait for it; one more answers 503 rather
 * than holding memory without bound.
 */
export function startPickListPrinter(): PickListPrinter {
  const pdfkit = require.resolve('pdfkit');
  let pool: Piscina | undefined;
  return {
    async render(list) {
      pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 1, maxQueue: 16, idleTimeout: 60_000 });
      const task: PickListPdfTask = { list, pdfkit };
      try {
        return Buffer.from((await pool.run(task)) as Uint8Array);
      } catch (e) {
        if (e instanceof Error && /queue is at limit/i.test(e.message)) throw new HttpError(503, 'busy', 'Pick lists are being printed for others: try again in a few seconds.');
        throw e;
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}

/**
 * The worker's compiled file: beside this one when running from dist/. Running from the TypeScript sources (jest,
 * through @swc/jest), that one file is compiled with swc into the temp folder, named by its content (as the PDF
 * reading pool does).
 */
function workerFile(): string {
  const built = path.join(__dirname, 'pick-list-pdf.worker.js');
  if (fs.existsSync(built)) return built;
  const source = path.join(__dirname, 'pick-list-pdf.worker.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const swc = require('@swc/core') as typeof import('@swc/core');
  const { code } = swc.transformSync(fs.readFileSync(source, 'utf8'), {
    filename: source,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  const file = path.join(os.tmpdir(), `midway-pick-list-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return file;
}
