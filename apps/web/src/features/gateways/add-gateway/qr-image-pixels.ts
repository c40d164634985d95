import type { Pixels } from './qr-image';

/** A phone photo is large: scaled down to this many pixels on its longer side to decode. */
const MAX_SIDE = 1600;

/** Draws an image file (photo of the label, screenshot) on a canvas and reads its pixels. */
export async function readImagePixels(file: Blob): Promise<Pixels> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return { data: context.getImageData(0, 0, width, height).data, width, height };
  } finally {
    bitmap.close();
  }
}
