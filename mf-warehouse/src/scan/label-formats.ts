import type * as Zxing from '@zxing/library';

/**
 * What the camera reads: the labels' two symbologies, QR on an item's label (`<itemId>/<piece>`) and Code 128 on a
 * location's. Built from the library the caller loaded, so the library stays out of the screens' first chunk.
 */
export function labelHints({ BarcodeFormat, DecodeHintType }: Pick<typeof Zxing, 'BarcodeFormat' | 'DecodeHintType'>): Map<Zxing.DecodeHintType, unknown> {
  return new Map<Zxing.DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]]]);
}
