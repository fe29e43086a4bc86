import { describe, expect, it } from 'vitest';
import { compressImage, compressToSize } from './compress-image';

/** An encoder whose output grows with quality: `size(q)` bytes. */
function encoder(size: (q: number) => number) {
  const qualities: number[] = [];
  const encode = async (q: number) => {
    qualities.push(q);
    return new Blob([new Uint8Array(Math.round(size(q)))]);
  };
  return { encode, qualities };
}

describe('compressToSize', () => {
  it('stops once the result is within the accuracy band under the target', async () => {
    const { encode, qualities } = encoder((q) => q * 2000);
    const blob = await compressToSize(encode, 1000, 0.95);
    expect(blob.size).toBeLessThanOrEqual(1000);
    expect(blob.size).toBeGreaterThanOrEqual(950);
    expect(qualities.length).toBeLessThanOrEqual(7);
  });

  it('encodes at most 7 times and keeps the largest result that fits', async () => {
    const { encode, qualities } = encoder((q) => 400 + q * 50_000);
    const blob = await compressToSize(encode, 1000, 0.99, 20);
    expect(qualities).toHaveLength(7);
    expect(blob.size).toBeLessThanOrEqual(1000);
  });

  it('clamps the accuracy to 0.8-0.99 and fails when nothing fits', async () => {
    const loose = encoder((q) => q * 2000);
    const blob = await compressToSize(loose.encode, 1000, 0.1);
    expect(blob.size).toBeGreaterThanOrEqual(800);
    await expect(compressToSize(encoder(() => 5000).encode, 1000)).rejects.toThrow('图片压缩失败，请换一张图片');
  });
});

describe('compressImage', () => {
  it('needs a Blob or File', async () => {
    await expect(compressImage('x' as unknown as Blob, 10)).rejects.toThrow('压缩的对象必须是 Blob 或 File');
  });

  it('rejects what is not a png, jpeg or gif image', async () => {
    await expect(compressImage(new Blob(['x'], { type: 'text/plain' }), 10)).rejects.toThrow('非法的 dataURL');
  });
});
