import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PdfTextResult, PdfTextTask } from './pdf-text.worker';
import type { TextPage } from './pdf-text';
import type { LogisticsConfig } from '../../config';

/** How much of the machine reading PDFs may take; a hostile PDF meets one of these, never the service's event loop. */
export interface PdfReadingLimits {
  /** Worker threads at most (the pool's size). */
  threads: number;
  /** Documents waiting for a thread at most; one more is refused at once (PdfReaderBusyError), never left to hang. */
  queue: number;
  /** Pages a document may have; a longer one is refused without reading its pages. */
  maxPages: number;
  /** Time one document may take, its wait for a thread not counted. */
  timeMs: number;
  /** Memory one thread may use, its JS heap and its buffers (decoded streams) together. */
  memoryMb: number;
}

export const DEFAULT_PDF_READING_LIMITS: PdfReadingLimits = {
  // One core stays with the event loop.
  threads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  queue: 4,
  maxPages: 200,
  timeMs: 20_000,
  memoryMb: 256,
};

/** The service's pool, sized and limited by its configuration, closed when the service stops. */
export function servicePdfReader(config: LogisticsConfig, onStop: (stop: () => Promise<void>) => void): PdfTextReader {
  const reader = startPdfReader({
    threads: config.LOGISTICS_PDF_THREADS ?? DEFAULT_PDF_READING_LIMITS.threads,
    queue: config.LOGISTICS_PDF_QUEUE,
    maxPages: DEFAULT_PDF_READING_LIMITS.maxPages,
    timeMs: config.LOGISTICS_PDF_TIME_LIMIT_MS,
    memoryMb: config.LOGISTICS_PDF_MEMORY_MB,
  });
  onStop(() => reader.close());
  return reader;
}

export class PdfTooManyPagesError extends Error {
  constructor(readonly pageCount: number, readonly maxPages: number) {
    super(`The PDF has ${pageCount} pages; at most ${maxPages} are read.`);
  }
}
/** Past the time or memory limit: the document is too complex to read (its thread is stopped and replaced). */
export class PdfTooComplexError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(`Reading the PDF went past its ${limit} limit.`);
  }
}
/** Every thread busy and the queue full: try again shortly. */
export class PdfReaderBusyError extends Error {}
/** The caller went away (the client disconnected): the reading was stopped. */
export class PdfReadCancelledError extends Error {}

/** Pages, or pdf.js's own error for a file that is not a readable PDF. */
export interface PdfTextReader {
  read(bytes: Uint8Array, signal?: AbortSignal): Promise<TextPage[]>;
  close(): Promise<void>;
}

const WATCH_MS = 20;

/**
 * PDFs read in a bounded pool of worker threads (piscina): each document gets a time limit, a memory limit watched on
 * its thread (the heap is capped by resourceLimits; pdf.js's decoded streams are buffers outside it, so the pool reads
 * the thread's heap statistics every few ms and stops it past the limit), and stops when `signal` aborts.
 */
export function startPdfReader(limits: PdfReadingLimits = DEFAULT_PDF_READING_LIMITS): PdfTextReader & { readonly peakThreadBytes: number } {
  const pdfjs = { lib: require.resolve('pdfjs-dist/legacy/build/pdf.mjs'), worker: require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs') };
  // Set at the first document: threads started after it load pdf.js at once (see the worker).
  const used = new Int32Array(new SharedArrayBuffer(4));
  const pool = new Piscina({
    filename: workerFile(),
    workerData: { pdfjs, used },
    // A thread stopped at a limit is replaced at once only up to minThreads: fewer, and documents queued behind it would wait.
    minThreads: limits.threads,
    maxThreads: limits.threads,
    // Admission is counted by read() below: piscina's own queue limit depends on how many threads are still starting.
    // pdf.js finishes its own promises after a task; a thread blocked in Atomics.wait between tasks would not.
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  // A thread that fails between tasks (none is then waiting for it) is replaced; the pool's 'error' must not crash the service.
  pool.on('error', () => undefined);
  const running = new Set<{ thread: Int32Array; stop: AbortController }>();
  let peakThreadBytes = 0;
  let admitted = 0;
  let watch: NodeJS.Timeout | undefined;
  let watching = false;

  const memoryLimit = limits.memoryMb * 1024 * 1024;
  const watchMemory = async () => {
    if (watching) return;
    watching = true;
    try {
      const threads = new Map<number, Worker>(pool.threads.map((t) => [t.threadId, t]));
      await Promise.all([...running].map(async (task) => {
        const thread = threads.get(Atomics.load(task.thread, 0));
        if (!thread) return;
        const heap = await thread.getHeapStatistics().catch(() => null);
        if (!heap) return;
        const used = heap.used_heap_size + ((heap as { external_memory?: number }).external_memory ?? 0);
        peakThreadBytes = Math.max(peakThreadBytes, used);
        if (used > memoryLimit) task.stop.abort(new PdfTooComplexError('memory'));
      }));
    } finally {
      watching = false;
    }
  };

  return {
    get peakThreadBytes() {
      return peakThreadBytes;
    },
    async read(bytes, signal) {
      if (admitted >= limits.threads + limits.queue) throw new PdfReaderBusyError('Every PDF reader is busy.');
      admitted += 1;
      Atomics.store(used, 0, 1);
      const stop = new AbortController();
      const task = { thread: new Int32Array(new SharedArrayBuffer(8)), stop };
      const cancel = () => stop.abort(new PdfReadCancelledError('The upload was cancelled.'));
      if (signal?.aborted) cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      // Waiting for a thread is bounded by the time limit, 10 s at least (then busy: never a hang); a new thread's
      // loading of pdf.js by four times that; the time limit counts from the moment pdf.js starts reading the document.
      const busy = () => stop.abort(new PdfReaderBusyError('Every PDF reader stayed busy.'));
      const waitMs = Math.max(limits.timeMs, 10_000);
      let timer = setTimeout(busy, waitMs);
      let phase = 0;
      const started = setInterval(() => {
        if (phase === 0 && Atomics.load(task.thread, 0) !== 0) {
          phase = 1;
          clearTimeout(timer);
          timer = setTimeout(busy, 4 * waitMs);
        }
        if (phase === 1 && Atomics.load(task.thread, 1) !== 0) {
          phase = 2;
          clearInterval(started);
          clearTimeout(timer);
          timer = setTimeout(() => stop.abort(new PdfTooComplexError('time')), limits.timeMs);
        }
      }, WATCH_MS);
      running.add(task);
      watch ??= setInterval(() => void watchMemory(), WATCH_MS);
      try {
        const job: PdfTextTask = { bytes, maxPages: limits.maxPages, pdfjs, thread: task.thread };
        const result: PdfTextResult = await pool.run(job, { signal: stop.signal });
        if ('pageCount' in result) throw new PdfTooManyPagesError(result.pageCount, limits.maxPages);
        return result.pages;
      } catch (e) {
        if (stop.signal.aborted) throw stop.signal.reason;
        // A thread past its heap limit is ended by V8 (ERR_WORKER_OUT_OF_MEMORY).
        if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new PdfTooComplexError('memory');
        throw e;
      } finally {
        admitted -= 1;
        clearInterval(started);
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        running.delete(task);
        if (running.size === 0) {
          clearInterval(watch);
          watch = undefined;
        }
      }
    },
    async close() {
      clearInterval(watch);
      await pool.destroy();
    },
  };
}

/**
 * The worker's compiled file: beside this one when running from dist/. Running from the TypeScript sources (jest,
 * through @swc/jest), that one file is compiled with swc into the temp folder, named by its content.
 */
function workerFile(): string {
  const built = path.join(__dirname, 'pdf-text.worker.js');
  if (fs.existsSync(built)) return built;
  const source = path.join(__dirname, 'pdf-text.worker.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const swc = require('@swc/core') as typeof import('@swc/core');
  const { code } = swc.transformSync(fs.readFileSync(source, 'utf8'), {
    filename: source,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  const file = path.join(os.tmpdir(), `midway-pdf-text-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return file;
}
