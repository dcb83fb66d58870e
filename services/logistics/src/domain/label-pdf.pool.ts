import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { HttpError } from '@midway/service-kit';
import type { ItemLabelTask, LabelTask, LocationLabelTask } from './label-pdf.worker';

/** Draws labels to PDF off the event loop. */
export interface LabelPrinter {
  item(label: ItemLabelTask): Promise<Buffer>;
  location(label: LocationLabelTask): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One worker thread (a label is ~30 ms of CPU: QR drawing and the page), started on the first label and left idle
 * after; the service's event loop only waits for the bytes. At most 32 labels wait their turn: a printer's burst
 * beyond that answers 503 rather than holding memory without bound.
 */
export function startLabelPrinter(): LabelPrinter {
  const paths = { pdfkit: require.resolve('pdfkit'), bwip: require.resolve('bwip-js/node') };
  let pool: Piscina | undefined;
  const run = async (task: ItemLabelTask | LocationLabelTask) => {
    pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: 1, maxQueue: 32, idleTimeout: 60_000 });
    const full: LabelTask = { ...task, ...paths };
    try {
      return Buffer.from((await pool.run(full)) as Uint8Array);
    } catch (e) {
      // Piscina refuses a task when its queue is full: the caller should try again shortly.
      if (e instanceof Error && /queue is at limit/i.test(e.message)) throw new HttpError(503, 'busy', 'Every label printer is busy: try again in a few seconds.');
      throw e;
    }
  };
  return {
    item: (label) => run(label),
    location: (label) => run(label),
    async close() {
      await pool?.destroy();
    },
  };
}

/**
 * The worker's compiled file: beside this one when running from dist/. Running from the TypeScript sources (jest,
 * through @swc/jest), that one file is compiled with swc into the temp folder, named by its content (as the PDF
 * reading and pick list pools do).
 */
function workerFile(): string {
  const built = path.join(__dirname, 'label-pdf.worker.js');
  if (fs.existsSync(built)) return built;
  const source = path.join(__dirname, 'label-pdf.worker.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const swc = require('@swc/core') as typeof import('@swc/core');
  const { code } = swc.transformSync(fs.readFileSync(source, 'utf8'), {
    filename: source,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  const file = path.join(os.tmpdir(), `midway-label-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return file;
}
