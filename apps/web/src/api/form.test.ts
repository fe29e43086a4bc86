import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, toFormBody } from './form';

describe('toFormBody', () => {
  it('writes nested objects and arrays with bracketed keys, as qs reads them', () => {
    const body = toFormBody({ a: [{ b: 1, c: { d: '丁' } }, { b: 2 }], e: new Date('2026-01-02T03:04:05.000Z') });
    expect([...body.entries()]).toEqual([
      ['a[0][b]', '1'],
      ['a[0][c][d]', '丁'],
      ['a[1][b]', '2'],
      ['e', '2026-01-02T03:04:05.000Z'],
    ]);
    expect(body.toString()).toBe(
      'a%5B0%5D%5Bb%5D=1&a%5B0%5D%5Bc%5D%5Bd%5D=%E4%B8%81&a%5B1%5D%5Bb%5D=2&e=2026-01-02T03%3A04%3A05.000Z',
    );
  });

  it('sends null empty, leaves undefined and empty arrays out', () => {
    expect(toFormBody({ a: null, b: undefined, c: [], d: false, e: 0 }).toString()).toBe('a=&d=false&e=0');
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E5%B9%B4%E5%BA%A6%E7%9B%AE%E6%A0%87.xlsx`, '年度目标.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=utf-8''%E6%8A%A5%E5%91%8A.pdf`, '报告.pdf'],
    [`attachment; filename*=UTF-8'zh'%E6%8A%A5%E5%91%8A.pdf; size=3`, '报告.pdf'],
    ['attachment; filename="plain name.docx"', 'plain name.docx'],
    ['attachment; filename=%E6%8A%A5%E5%91%8A.zip', '报告.zip'],
    ['attachment; filename="a\\"b.txt"', 'a"b.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="bad%E0%A4%A.txt"', 'bad%E0%A4%A.txt'],
  ])('%s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it('is null without a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
