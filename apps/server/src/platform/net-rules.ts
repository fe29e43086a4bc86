import { BlockList, isIP } from 'node:net';
import os from 'node:os';

/**
 * Rules about network destinations the server connects to on a user's behalf (data sources): the configured
 * allow-list (DATASOURCE_ALLOWED_HOSTS), the addresses never allowed (link-local and cloud metadata), and whether an
 * address is this machine. Pure but for reading this machine's interface addresses.
 */

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An address as written, without IPv6 brackets or a zone, IPv4-mapped IPv6 as the IPv4 address. */
export function bareAddress(host: string): string {
  const unbracketed = host.replace(/^\[(.*)\]$/, '$1').split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unbracketed);
  return mapped ? mapped[1]! : unbracketed.toLowerCase();
}

/**
 * Never a destination, whatever the configuration: link-local addresses (169.254.0.0/16, fe80::/10), where clouds put
 * their instance metadata (169.254.169.254), and the other metadata addresses a school's cloud may use (Alibaba Cloud
 * 100.100.100.200, AWS's IPv6 fd00:ec2::254).
 */
const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addAddress('100.100.100.200', 'ipv4');
NEVER.addAddress('fd00:ec2::254', 'ipv6');

export function isLinkLocalOrMetadata(address: string): boolean {
  const a = bareAddress(address);
  return isIP(a) !== 0 && NEVER.check(a, family(a));
}

const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
// Connecting to the unspecified address reaches this machine on Linux.
LOCAL.addAddress('0.0.0.0', 'ipv4');
LOCAL.addAddress('::', 'ipv6');

/** Whether an address reaches this machine: loopback, unspecified, or one of its interfaces' addresses. */
export function isThisMachine(address: string): boolean {
  const a = bareAddress(address);
  if (isIP(a) === 0) return a === 'localhost';
  if (LOCAL.check(a, family(a))) return true;
  for (const list of Object.values(os.networkInterfaces())) {
    for (const i of list ?? []) if (bareAddress(i.address) === a) return true;
  }
  return false;
}

/** The allow-list of DATASOURCE_ALLOWED_HOSTS: host names, `*.suffix` wildcards, addresses and CIDR ranges. */
export interface HostRules {
  names: ReadonlySet<string>;
  suffixes: readonly string[];
  ranges: BlockList;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Reads an allow-list: entries separated by commas or spaces, each a host name (`db.example.edu.cn`), a wildcard of
 * its subdomains (`*.example.edu.cn`), an address (`10.0.0.8`, `fd00::8`) or a range (`10.0.0.0/8`, `fd00::/8`).
 * Answers the rules, or the first entry it cannot read.
 */
export function parseHostRules(text: string): { rules: HostRules } | { bad: string } {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const ranges = new BlockList();
  for (const raw of text.split(/[\s,，]+/).filter(Boolean)) {
    const entry = raw.toLowerCase();
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr) {
      const a = bareAddress(cidr[1]!);
      const bits = Number(cidr[2]);
      const v = isIP(a);
      if (v === 0 || bits > (v === 4 ? 32 : 128)) return { bad: raw };
      ranges.addSubnet(a, bits, family(a));
    } else if (isIP(bareAddress(entry)) !== 0) {
      const a = bareAddress(entry);
      ranges.addAddress(a, family(a));
    } else if (entry.startsWith('*.') && HOST_NAME.test(entry.slice(2))) {
      suffixes.push(entry.slice(1));
    } else if (HOST_NAME.test(entry)) {
      names.add(entry);
    } else {
      return { bad: raw };
    }
  }
  return { rules: { names, suffixes, ranges } };
}

/** Whether the host is named by the list (by name or wildcard), or every one of its addresses lies in its ranges. */
export function hostAllowed(rules: HostRules, host: string, addresses: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (rules.names.has(name) || rules.suffixes.some((s) => name.endsWith(s))) return true;
  const bare = addresses.map(bareAddress).filter((a) => isIP(a) !== 0);
  return bare.length > 0 && bare.every((a) => rules.ranges.check(a, family(a)));
}
