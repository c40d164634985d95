import {
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';

/** An image's RGBA pixels, as a canvas gives them. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Grey levels of RGBA pixels (the luminance zxing reads). */
function luminances({ data, width, height }: Pixels): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < grey.length; i++) {
    const o = i * 4;
    // Transparent pixels count as white paper.
    const alpha = (data[o + 3] ?? 255) / 255;
    const y = 0.299 * (data[o] ?? 0) + 0.587 * (data[o + 1] ?? 0) + 0.114 * (data[o + 2] ?? 0);
    grey[i] = Math.round(y * alpha + 255 * (1 - alpha));
  }
  return grey;
}

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);

/** The text of the QR code in a picture, or null when none is found. */
export function decodeQrPixels(pixels: Pixels): string | null {
  const source = new RGBLuminanceSource(luminances(pixels), pixels.width, pixels.height);
  try {
    return new QRCodeReader()
      .decode(new BinaryBitmap(new HybridBinarizer(source)), hints)
      .getText();
  } catch {
    return null;
  }
}
