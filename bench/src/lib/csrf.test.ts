import { hmacSha256Hex } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { csrfToken, withCsrf } from './csrf';

describe('the benchmark client signs requests as the web client does', () => {
  it('computes the same token as the contract', () => {
    expect(csrfToken('secret-1', '1767225600000')).toBe(hmacSha256Hex('secret-1', '1767225600000'));
  });

  it('appends the pair to a query', () => {
    const url = withCsrf('/api/x?a=1', 's', 1767225600000);
    expect(url).toBe(
      `/api/x?a=1&_t=1767225600000&csrfTimestamp=1767225600000&csrfToken=${hmacSha256Hex('s', '1767225600000')}`,
    );
    expect(withCsrf('/api/y', 's', 5).startsWith('/api/y?_t=5&')).toBe(true);
  });
});
