import { describe, expect, it } from 'vitest';
import { contentMatches, sniff } from './sniff';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('sniff', () => {
  it('recognises images, pdf, office containers and text', () => {
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniff(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniff(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(sniff(new TextEncoder().encode('进度说明\r\n第一行'))).toBe('text');
  });

  it('refuses a renamed Windows or Linux executable', () => {
    const exe = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00);
    const elf = bytes(0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01);
    for (const ext of ['png', 'docx', 'txt', 'pdf']) {
      expect(contentMatches(ext, exe)).toBe(false);
      expect(contentMatches(ext, elf)).toBe(false);
    }
  });

  it('requires the bytes to fit the extension', () => {
    expect(contentMatches('PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatches('jpg', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(false);
  });
});
