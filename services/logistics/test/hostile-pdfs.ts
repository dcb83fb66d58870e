/**
 * PDFs made to hurt a reader, written object by object: many pages over one shared content stream, a Flate bomb
 * (about 1 MB that inflates to 1 GB), and pages dense with text that take long to read.
 */
import zlib from 'node:zlib';

/** A PDF of the given page objects' contents; every page uses Helvetica as /F1. */
function pdfOf(pageContents: number[], streams: Buffer[]): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, then the streams, then the pages.
  const firstStream = 4;
  const firstPage = firstStream + streams.length;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Count ${pageContents.length} /Kids [${pageContents.map((_, i) => `${firstPage + i} 0 R`).join(' ')}] >>`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...streams.map((s) => Buffer.concat([Buffer.from(`<< /Length ${s.length} /Filter /FlateDecode >>\nstream\n`), s, Buffer.from('\nendstream')])),
    ...pageContents.map((c) => Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${firstStream + c} 0 R >>`)),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** `count` pages that each print one line, all over one content stream (5,000 pages in about 0.3 MB). */
export function manyPages(count: number): Buffer {
  return pdfOf(Array.from({ length: count }, () => 0), [zlib.deflateSync('BT /F1 9 Tf 40 740 Td (Qty Description Price Amount) Tj ET\n')]);
}

/**
 * One page whose content stream inflates to `gigabytes` GB of spaces from about 1 MB: one megabyte of spaces deflated
 * with a full flush (so its block refers to nothing before it) repeated, then the final empty block.
 */
export function flateBomb(gigabytes = 1): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blocks = Buffer.concat(Array.from({ length: Math.round(gigabytes * 1024) }, () => block));
  // zlib's header, the blocks, an empty final block; pdf.js does not check the trailing Adler-32, zeros stand in.
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), blocks, Buffer.from([0x03, 0x00]), Buffer.alloc(4)]);
  return pdfOf([0], [stream]);
}

/** `pages` pages each drawing `runsPerPage` pieces of text: within the page limit, but slow to read. */
export function denseText(pages: number, runsPerPage: number): Buffer {
  const ops = Array.from({ length: runsPerPage }, (_, i) => `BT /F1 6 Tf ${20 + (i % 80) * 7} ${20 + Math.floor(i / 80) % 110 * 7} Td (w${i}) Tj ET`).join('\n');
  return pdfOf(Array.from({ length: pages }, () => 0), [zlib.deflateSync(ops)]);
}
