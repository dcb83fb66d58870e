/**
 * @jest-environment node
 */
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import * as zxing from '@zxing/library';
import { labelHints } from './label-formats';

/**
 * The camera's reader, as configured, reads the labels as logistics draws them (bwip-js, as in its label PDFs): an
 * item piece's QR and a location's Code 128; a symbology the labels do not use is not read.
 */
async function read(bcid: string, text: string, hints = labelHints(zxing)): Promise<string | null> {
  const png = PNG.sync.read(await bwipjs.toBuffer({ bcid, text, scale: 3, ...(bcid === 'qrcode' ? {} : { height: 12 }), paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' }));
  const rgb = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (png.data[i * 4]! + png.data[i * 4 + 1]! + png.data[i * 4 + 2]!) / 3;
  const bitmap = new zxing.BinaryBitmap(new zxing.HybridBinarizer(new zxing.RGBLuminanceSource(rgb, png.width, png.height)));
  try {
    return new zxing.MultiFormatReader().decode(bitmap, hints).getText();
  } catch (e) {
    if (e instanceof zxing.NotFoundException) return null;
    throw e;
  }
}

describe('the camera reads the warehouse labels', () => {
  it("reads an item piece's QR and a location's Code 128", async () => {
    expect(await read('qrcode', '3f2c8a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6/2')).toBe('3f2c8a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6/2');
    expect(await read('code128', 'MEZZANINE-NORTH-B12')).toBe('MEZZANINE-NORTH-B12');
  });

  it('reads no other symbology (a parcel barcode seen by mistake is not taken for a label)', async () => {
    expect(await read('ean13', '5901234123457')).toBeNull();
  });
});
