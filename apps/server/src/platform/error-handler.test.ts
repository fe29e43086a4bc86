import { MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { describeValidation, inputRefusal, isDatabaseGone, isDiskFull, isMalformedMultipart } from './error-handler';

describe('describeValidation', () => {
  it('names the field and keeps the schema message', () => {
    const msg = describeValidation([{ params: { issue: { path: ['userId'], message: '请输入工号' } } }], 'body');
    expect(msg).toBe('请求参数不正确（请求体）：userId：请输入工号');
  });
  it('lists at most three issues', () => {
    const issues = ['a', 'b', 'c', 'd'].map((f) => ({ params: { issue: { path: [f], message: '不能为空' } } }));
    expect(describeValidation(issues).split('；')).toHaveLength(3);
  });
});

describe('isDiskFull', () => {
  it('recognises a full disk from the file system and from PostgreSQL, also when wrapped', () => {
    expect(isDiskFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    const pgError = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(isDiskFull(new Error('Failed query', { cause: pgError }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});

describe('isMalformedMultipart', () => {
  it('recognises busboy errors that carry no status, and nothing else', () => {
    expect(isMalformedMultipart(new Error('Unexpected end of multipart data'))).toBe(true);
    expect(isMalformedMultipart(new Error('Part terminated early due to unexpected end of multipart data'))).toBe(true);
    expect(isMalformedMultipart(new Error('Multipart: Boundary not found'))).toBe(true);
    expect(isMalformedMultipart(new Error('connection terminated'))).toBe(false);
    expect(
      isMalformedMultipart(Object.assign(new Error('Unexpected end of multipart data'), { statusCode: 413 })),
    ).toBe(false);
  });
});

describe('inputRefusal', () => {
  const pg = (code: string) => new Error('Failed query', { cause: Object.assign(new Error('refused'), { code }) });
  it('answers what PostgreSQL refused of the input as the client error, with a Chinese message', () => {
    expect(inputRefusal(pg('23503'))).toEqual({ status: 400, message: MSG.referenceMissing });
    expect(inputRefusal(pg('23505'))).toEqual({ status: 409, message: MSG.duplicate });
    expect(inputRefusal(pg('22001'))).toEqual({ status: 400, message: MSG.valueTooLong });
    expect(inputRefusal(pg('22003'))).toEqual({ status: 400, message: MSG.intOutOfRange });
  });
  it('leaves server faults alone', () => {
    expect(inputRefusal(pg('57014'))).toBeNull(); // statement timeout
    expect(inputRefusal(pg('53100'))).toBeNull(); // disk full has its own answer
    expect(inputRefusal(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeNull();
  });
});

describe('isDatabaseGone', () => {
  it('knows a database shut down or a connection lost, wrapped or not, and nothing else', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseGone(new Error('Failed query: begin', { cause: shutdown }))).toBe(true);
    const lost = new Error('Client has encountered a connection error and is not queryable');
    expect(isDatabaseGone(new Error('Failed query: rollback', { cause: lost }))).toBe(true);
    expect(isDatabaseGone(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseGone(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseGone(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseGone(new Error('something else'))).toBe(false);
  });
});
