/** A piece of text on a PDF page where pdf.js drew it: x from the left, y up from the bottom (PDF units). */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  /** The font's size as drawn; rows and word gaps are judged against it. */
  size: number;
}

export interface TextPage {
  items: TextItem[];
  /** A page without text that draws something (images, shapes): a scan, unlike a blank page. */
  drawnWithoutText?: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | undefined;

// pdf.js is an ES module and, in Node, runs its worker in the same thread when the worker's handler is on
// globalThis.pdfjsWorker: loaded once, on the first upload, so a service that never reads a PDF never pays for it.
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/** The text of every page with its positions; a page drawn only as images has no items. */
export async function readPdfText(bytes: Uint8Array): Promise<TextPage[]> {
  const lib = await pdfjs();
  // pdf.js takes ownership of (detaches) the buffer it is given: a copy keeps the caller's bytes for the object store.
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
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
    return pages;
  } finally {
    await task.destroy();
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
