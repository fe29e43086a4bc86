import { describe, expect, it } from 'vitest';
import { addressOf, delayAfterFailures, secondsUntil, throttleKeys } from './login-throttle';

describe('addressOf', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(addressOf('10.0.0.2')).toBe('10.0.0.2');
    expect(addressOf('::ffff:10.0.0.2')).toBe('10.0.0.2');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(addressOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('2001:DB8::abcd%eth0')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
    expect(addressOf('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
  });

  it('cuts anything else to a bounded key', () => {
    expect(addressOf('x'.repeat(200))).toHaveLength(64);
  });
});

describe('throttleKeys', () => {
  it('names the pair, the account and the address, within the key column', () => {
    const keys = throttleKeys('u'.repeat(100), '2001:db8:1:2:3:4:5:6');
    expect(keys.pair).toBe(`pair:${'u'.repeat(64)}|2001:db8:1:2::/64`);
    expect(keys.ip).toBe('ip:2001:db8:1:2::/64');
    for (const key of Object.values(keys)) expect(key.length).toBeLessThanOrEqual(160);
  });
});

describe('delayAfterFailures', () => {
  it('waits nothing before the threshold, then 1 s doubling up to the cap', () => {
    const waits = Array.from({ length: 12 }, (_, i) => delayAfterFailures(i + 1, 5, 60_000) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayAfterFailures(100_000, 5, 60_000)).toBe(60_000);
  });
});

describe('secondsUntil', () => {
  it('rounds a wait up, and never to zero', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    expect(secondsUntil(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(secondsUntil(now, now)).toBe(1);
  });
});
