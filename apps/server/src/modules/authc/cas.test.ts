import { describe, expect, it } from 'vitest';
import { parseCasValidation } from './cas';

describe('parseCasValidation', () => {
  it('reads the user of a CAS 2.0/3.0 success', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
      <cas:authenticationSuccess><cas:user>rwfzr01</cas:user>
      <cas:attributes><cas:name>张伟</cas:name></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseCasValidation(xml)).toEqual({ user: 'rwfzr01' });
  });
  it('reads the 工号 from the attribute the administrator named', () => {
    const xml = `<cas:serviceResponse><cas:authenticationSuccess><cas:user>u-381</cas:user>
      <cas:attributes><cas:gh>T0001</cas:gh></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(parseCasValidation(xml, 'gh')).toEqual({ user: 'T0001' });
    expect(parseCasValidation(xml, 'missing')).toBeNull();
  });
  it('decodes entities and tolerates no prefix', () => {
    expect(
      parseCasValidation('<serviceResponse><authenticationSuccess><user>a&amp;b</user></authenticationSuccess>'),
    ).toEqual({
      user: 'a&b',
    });
  });
  it('returns null on failure', () => {
    const xml = `<cas:serviceResponse><cas:authenticationFailure code="INVALID_TICKET">票据无效</cas:authenticationFailure></cas:serviceResponse>`;
    expect(parseCasValidation(xml)).toBeNull();
  });
});
