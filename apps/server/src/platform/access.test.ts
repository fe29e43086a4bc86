import { csrfPair } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { type Actor, allows, checkCsrf } from './access';

const actor = (roles: string[], menus: string[]): Actor => ({
  userId: 'u',
  userName: '用户',
  departmentId: null,
  roles: new Set(roles),
  menus: new Set(menus),
  chargeDepartmentIds: [],
});

describe('allows', () => {
  it('grants on any one of the named menus or roles, and denies otherwise', () => {
    expect(allows({ menus: ['wbs'] }, actor([], ['wbs']))).toBe(true);
    expect(allows({ menus: ['wbs'], roles: ['zyadmin'] }, actor(['zyadmin'], []))).toBe(true);
    expect(allows({ menus: ['wbs'] }, actor(['targetTaskOwner'], ['homePage']))).toBe(false);
  });
});

describe('checkCsrf', () => {
  const secret = 'a'.repeat(64);
  it('accepts the HMAC of the timestamp within the window', () => {
    const now = 1_800_000_000_000;
    expect(checkCsrf(secret, csrfPair(secret, now), now + 60_000)).toBe(true);
  });
  it('refuses a missing, forged, other-secret or stale token', () => {
    const now = 1_800_000_000_000;
    const pair = csrfPair(secret, now);
    expect(checkCsrf(secret, {}, now)).toBe(false);
    expect(checkCsrf(secret, { ...pair, csrfToken: '0'.repeat(64) }, now)).toBe(false);
    expect(checkCsrf(secret, csrfPair('b'.repeat(64), now), now)).toBe(false);
    expect(checkCsrf(secret, pair, now + 11 * 60_000)).toBe(false);
    expect(checkCsrf(secret, { ...pair, csrfTimestamp: 'abc' }, now)).toBe(false);
  });
});
