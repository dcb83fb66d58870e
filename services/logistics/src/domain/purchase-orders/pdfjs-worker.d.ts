// pdf.js ships no types for its worker module; only its handler is used (see pdf-text.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
