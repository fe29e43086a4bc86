import { describe, expect, it } from 'vitest';
import { listReply, pageReply, pathOf } from './endpoint';

describe('pathOf', () => {
  it('fills each parameter, URI-encoded, and names a missing one', () => {
    expect(pathOf({ path: '/api/x/:id/delete' }, { id: 7 })).toBe('/api/x/7/delete');
    expect(pathOf({ path: '/api/x/:a/:b' }, { a: 'a b', b: '中/文' })).toBe('/api/x/a%20b/%E4%B8%AD%2F%E6%96%87');
    expect(() => pathOf({ path: '/api/x/:id' }, {})).toThrow('parameter id missing');
  });
});

describe('pageReply', () => {
  it('counts pages as ceil(total / size): an empty list has none', () => {
    expect(pageReply([], 0, { current: 1, size: 10 })).toEqual({
      records: [],
      total: 0,
      current: 1,
      size: 10,
      pages: 0,
    });
    expect(pageReply([1], 21, { current: 3, size: 10 }).pages).toBe(3);
    expect(pageReply([1], 20, { current: 2, size: 10 }).pages).toBe(2);
  });
});

describe('listReply', () => {
  it('answers the list-style page as the query asked for it', () => {
    expect(listReply([], 0, { pageNum: 1, pageSize: 10 })).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    expect(listReply(['a'], 21, { pageNum: 3, pageSize: 10 })).toEqual({
      list: ['a'],
      total: 21,
      pageNum: 3,
      pageSize: 10,
    });
  });
});
