/**
 * Runs in a worker thread of the PDF pool (pdf-reading.pool.ts), never on the service's event loop: pdf.js reads the
 * text of every page with its positions. Self-contained on purpose (node built-ins and type imports only), so that
 * under jest the pool can compile this one file and run it as it is (see pdf-reading.pool.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { threadId, workerData } from 'node:worker_threads';
import type { TextItem, TextPage } from './pdf-text';

export interface PdfTextTask {
  bytes: Uint8Array;
  maxPages: number;
  /** Where pdf.js is: resolved by the pool, so this file needs no module resolution of its own. */
  pdfjs: { lib: string; worker: string };
  /**
   * [0]: the thread reading this task writes its id here at once, so the pool's memory watch knows whose heap to read;
   * [1]: set to 1 once pdf.js is loaded and the document's reading starts (its time limit counts from then).
   */
  thread: Int32Array;
}

export type PdfTextResult = { pages: TextPage[] } | { pageCount: number };

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | undefined;

// On Linux a thread has a nice value of its own: this one mostly yields the CPU to the service's event loop when both
// want it (10, not 19: on a machine busy with other processes a thread at 19 barely runs, and uploads would time out).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // Elsewhere the thread keeps the process's priority.
}

// pdf.js runs its own worker in the same thread when its handler is on globalThis.pdfjsWorker; loaded once per thread.
function pdfjs(paths: PdfTextTask['pdfjs']): Promise<PdfJs> {
  loaded ??= (async () => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(pathToFileURL(paths.worker).href);
    return (await import(pathToFileURL(paths.lib).href)) as PdfJs;
  })();
  return loaded;
}

// A thread replacing one stopped at a limit, or started once the service has read a PDF, loads pdf.js before its next
// document; the threads started with the service wait for the first upload (a service that never reads one never pays).
const shared = workerData as { pdfjs?: PdfTextTask['pdfjs']; used?: Int32Array } | undefined;
if (shared?.pdfjs && shared.used && Atomics.load(shared.used, 0) === 1) void pdfjs(shared.pdfjs).catch(() => undefined);

/** The text of every page with its positions, or only the page count of a document longer than `maxPages`. */
export default async function readPdfPages(task: PdfTextTask): Promise<PdfTextResult> {
  Atomics.store(task.thread, 0, threadId);
  const lib = await pdfjs(task.pdfjs);
  Atomics.store(task.thread, 1, 1);
  const loading = lib.getDocument({
    data: task.bytes,
    useSystemFonts: false,
    disableFontFace: true,
    // Images are never needed for text; a huge one is not decoded at all.
    maxImageSize: 1024 * 1024,
    verbosity: 0,
  });
  const doc = await loading.promise;
  try {
    if (doc.numPages > task.maxPages) return { pageCount: doc.numPages };
    const pages: TextPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, , , e, f] = item.transform as number[];
        items.push({ text: item.str, x: e!, y: f!, width: item.width, size: Math.hypot(a!, b!) || item.height });
      }
      const drawnWithoutText = items.length === 0 && (await drawsAnything(lib, page));
      page.cleanup();
      pages.push(drawnWithoutText ? { items, drawnWithoutText } : { items });
    }
    return { pages };
  } finally {
    await loading.destroy();
  }
}

/** Whether a page paints images or shapes; asked only of pages without text, to tell a scanned page from a blank one. */
async function drawsAnything(lib: PdfJs, page: { getOperatorList(): Promise<{ fnArray: number[] }> }): Promise<boolean> {
  const o = lib.OPS;
  const painting = new Set<number>([
    o.paintImageXObject, o.paintInlineImageXObject, o.paintImageMaskXObject, o.paintImageXObjectRepeat, o.paintInlineImageXObjectGroup,
    o.paintImageMaskXObjectGroup, o.paintImageMaskXObjectRepeat, o.paintSolidColorImageMask, o.constructPath, o.fill, o.eoFill, o.stroke, o.fillStroke, o.shadingFill,
  ]);
  return (await page.getOperatorList()).fnArray.some((op) => painting.has(op));
}
