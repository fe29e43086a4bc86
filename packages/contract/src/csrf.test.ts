import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csrfPair, hmacSha256Hex, sha256 } from './csrf';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('sha256 / hmac', () => {
  it('matches node:crypto for many lengths, including block boundaries and multibyte text', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 119, 200, 1000]) {
      const data = randomBytes(len);
      expect(hex(sha256(data)), `len ${len}`).toBe(createHash('sha256').update(data).digest('hex'));
    }
    for (const key of ['k', 'x'.repeat(64), 'y'.repeat(100), '中文密钥']) {
      expect(hmacSha256Hex(key, '1795313267806 中')).toBe(
        createHmac('sha256', key).update('1795313267806 中').digest('hex'),
      );
    }
  });

  it('builds the pair from the timestamp', () => {
    const pair = csrfPair('secret', 1_700_000_000_000);
    expect(pair).toEqual({
      csrfTimestamp: '1700000000000',
      csrfToken: createHmac('sha256', 'secret').update('1700000000000').digest('hex'),
    });
  });
});
