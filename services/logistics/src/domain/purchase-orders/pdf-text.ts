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
