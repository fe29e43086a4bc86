import { SHELL_TEXT as T } from '@zg/contract';

/** Spec-2 section 5: the accuracy of the compression is 0.8-0.99, 0.95 by default, within at most 7 encodings. */
export const COMPRESSION = { minAccuracy: 0.8, maxAccuracy: 0.99, defaultAccuracy: 0.95, maxIterations: 7 } as const;

/**
 * Bisects the encoding quality until the result is at most `targetBytes` and at least `accuracy` of it, encoding at
 * most `maxIterations` times; the smallest fitting result wins when none lands in that band. Throws when no quality
 * fits at all.
 */
export async function compressToSize(
  encode: (quality: number) => Promise<Blob>,
  targetBytes: number,
  accuracy: number = COMPRESSION.defaultAccuracy,
  maxIterations: number = COMPRESSION.maxIterations,
): Promise<Blob> {
  const band = Math.min(COMPRESSION.maxAccuracy, Math.max(COMPRESSION.minAccuracy, accuracy));
  let low = 0;
  let high = 1;
  let best: Blob | null = null;
  for (let i = 0; i < Math.min(maxIterations, COMPRESSION.maxIterations); i++) {
    const quality = (low + high) / 2;
    const blob = await encode(quality);
    if (blob.size > targetBytes) {
      high = quality;
      continue;
    }
    // The largest result that fits is the best-looking one.
    if (!best || blob.size > best.size) best = blob;
    if (blob.size >= targetBytes * band) break;
    low = quality;
  }
  if (!best) throw new Error(T.compressFailed);
  return best;
}

const COMPRESSIBLE = /^data:image\/(png|jpeg|gif);/;

/** Compresses a png, jpeg or gif image to at most `targetKB` kilobytes, as a JPEG drawn on a canvas. */
export async function compressImage(file: Blob, targetKB: number, accuracy?: number): Promise<Blob> {
  if (!(file instanceof Blob)) throw new TypeError(T.notBlob);
  const dataUrl = await readAsDataUrl(file);
  if (!COMPRESSIBLE.test(dataUrl)) throw new Error(T.badDataUrl);
  const image = await loadImage(dataUrl);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(T.compressFailed);
  // JPEG has no transparency: a white ground instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  const encode = (quality: number) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(T.compressFailed))), 'image/jpeg', quality),
    );
  return compressToSize(encode, targetKB * 1024, accuracy);
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(T.badDataUrl));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(T.badDataUrl));
    image.src = src;
  });
}
