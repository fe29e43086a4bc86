import { isIPv4, isIPv6 } from 'node:net';

/** The sign-in limits of the configuration (see README, "Settings"). */
export interface ThrottleSettings {
  windowMs: number;
  /** Failures of one account (from anywhere) in a window before its attempts are spaced by a growing delay. */
  userDelayAfter: number;
  /** Failures from one address (any account) in a window before its attempts are spaced by a growing delay. */
  ipDelayAfter: number;
  maxDelayMs: number;
}

/**
 * The address a limit is kept for: an IPv4 address as it is, an IPv6 address by its /64 network, since one host
 * commonly holds a whole /64 and could otherwise present a fresh "clean" address at every attempt.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 tail fills two groups; it lies in the low 64 bits, which the /64 drops.
  const rightGroups = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - rightGroups).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The login_attempts keys of one attempt; a user id is cut as the audit log cuts it. */
export function throttleKeys(userId: string, ip: string) {
  const user = userId.slice(0, 64);
  const address = addressOf(ip);
  return {
    /** Failures of this account from this address (fixed window from the first one): whether the address is clean. */
    pair: `pair:${user}|${address}`,
    /** Failures of this account from anywhere, and the time its next attempt is allowed at. */
    user: `user:${user}`,
    userWait: `user-wait:${user}`,
    /** Failures from this address on any account, and the time its next attempt is allowed at. */
    ip: `ip:${address}`,
    ipWait: `ip-wait:${address}`,
  };
}

/** The wait after the n-th failure in a window: none up to `after`, then 1 s, 2 s, 4 s ... up to the cap. */
export function delayAfterFailures(failures: number, after: number, maxDelayMs: number): number {
  if (failures < after) return 0;
  return Math.min(maxDelayMs, 1000 * 2 ** Math.min(failures - after, 30));
}

/** Whole seconds to tell a client to wait (at least 1). */
export const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
