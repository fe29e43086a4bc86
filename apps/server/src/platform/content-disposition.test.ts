import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', '质控点支撑附件.zip')).toBe(
      `attachment; filename="_______.zip"; filename*=UTF-8''${encodeURIComponent('质控点支撑附件.zip')}`,
    );
  });
  it('cannot be used to inject headers or paths', () => {
    const v = contentDisposition('inline', 'a"\r\nSet-Cookie: x=1/../b.pdf');
    expect(v).not.toMatch(/[\r\n]/);
    expect(v.split('"').length).toBe(3);
    expect(v).not.toContain('/');
  });
});
