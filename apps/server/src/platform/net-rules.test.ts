import { describe, expect, it } from 'vitest';
import { bareAddress, hostAllowed, isLinkLocalOrMetadata, isThisMachine, parseHostRules } from './net-rules';

const rules = (text: string) => {
  const parsed = parseHostRules(text);
  if (!('rules' in parsed)) throw new Error(`bad entry ${parsed.bad}`);
  return parsed.rules;
};

describe('net rules', () => {
  it('writes an address bare: no brackets, no zone, IPv4-mapped as IPv4', () => {
    expect(bareAddress('[FD00::1]')).toBe('fd00::1');
    expect(bareAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(bareAddress('::ffff:10.0.0.8')).toBe('10.0.0.8');
  });

  it('never allows link-local and metadata addresses, however written', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.0.1',
      '::ffff:169.254.169.254',
      'fe80::1',
      '[fe80::abcd]',
      '100.100.100.200',
      'fd00:ec2::254',
    ])
      expect(isLinkLocalOrMetadata(a), a).toBe(true);
    for (const a of ['10.0.0.8', '127.0.0.1', '100.100.100.201', 'fd00::1', 'db.example.edu.cn'])
      expect(isLinkLocalOrMetadata(a), a).toBe(false);
  });

  it('knows this machine: loopback, unspecified and its own interfaces', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '0.0.0.0', '::', 'localhost', '::ffff:127.0.0.1'])
      expect(isThisMachine(a), a).toBe(true);
    expect(isThisMachine('203.0.113.9')).toBe(false);
  });

  it('reads an allow-list of names, wildcards, addresses and ranges, and refuses what it cannot read', () => {
    const r = rules('db.example.edu.cn, *.campus.edu.cn 10.0.0.0/8，192.168.1.5 fd00::/8');
    expect(hostAllowed(r, 'DB.example.edu.cn', [])).toBe(true);
    expect(hostAllowed(r, 'jw.campus.edu.cn', ['203.0.113.9'])).toBe(true);
    expect(hostAllowed(r, 'campus.edu.cn.evil.com', ['203.0.113.9'])).toBe(false);
    expect(hostAllowed(r, '10.1.2.3', ['10.1.2.3'])).toBe(true);
    expect(hostAllowed(r, 'other.example.com', ['10.1.2.3', '203.0.113.9'])).toBe(false);
    expect(hostAllowed(r, 'v6', ['fd12::3'])).toBe(true);
    expect(hostAllowed(r, '192.168.1.6', ['192.168.1.6'])).toBe(false);
    expect(hostAllowed(r, 'nothing', [])).toBe(false);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'bad_host', '*.', 'a..b'])
      expect(parseHostRules(bad), bad).toEqual({ bad });
  });
});
