import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILE, loadKey, SecretBox, SecretBoxError } from './secret-box';

const box = new SecretBox(randomBytes(32));

describe('SecretBox (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    for (const plain of ['', 'Pa55w0rd!', '密码 with ünïcode 🔑', 'x'.repeat(500)]) {
      const sealed = box.seal(plain);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(box.open(sealed)).toBe(plain);
    }
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    // 12-byte IV, 16-byte tag.
    const [v, iv, tag] = a.split('.');
    expect(v).toBe('v1');
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(16);
  });

  it('refuses a tampered tag, IV or ciphertext', () => {
    const sealed = box.seal('secret-password');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, 'base64');
      buf[0]! ^= 1;
      return buf.toString('base64');
    };
    expect(() => box.open([v, iv, flip(tag), body].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, flip(iv), tag, body].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, iv, tag, flip(body)].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, iv, tag.slice(0, 8), body].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open('secret-password')).toThrow(SecretBoxError);
    expect(() => box.open(`v2.${iv}.${tag}.${body}`)).toThrow(SecretBoxError);
  });

  it('refuses a value sealed with another key', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(box.seal('secret-password'))).toThrow(/篡改|密钥/);
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});

describe('loadKey', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-key-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('takes ENCRYPTION_KEY as hex or base64', () => {
    const key = randomBytes(32);
    expect(loadKey({ ENCRYPTION_KEY: key.toString('hex'), DATA_DIR: tmp() }).equals(key)).toBe(true);
    expect(loadKey({ ENCRYPTION_KEY: key.toString('base64'), DATA_DIR: tmp() }).equals(key)).toBe(true);
  });

  it('generates DATA_DIR/encryption.key once, 32 bytes with mode 0600, and reads it back after', () => {
    const dir = path.join(tmp(), 'nested');
    const first = loadKey({ DATA_DIR: dir });
    const file = path.join(dir, KEY_FILE);
    expect(fs.readFileSync(file).equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadKey({ DATA_DIR: dir }).equals(first)).toBe(true);
    // No temporary file is left beside it.
    expect(fs.readdirSync(dir)).toEqual([KEY_FILE]);
    // A value sealed with it opens with the key read again (a restart).
    const sealed = new SecretBox(first).seal('kept');
    expect(new SecretBox(loadKey({ DATA_DIR: dir })).open(sealed)).toBe('kept');
  });

  it('refuses a key file of the wrong size instead of replacing it', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, KEY_FILE), 'short');
    expect(() => loadKey({ DATA_DIR: dir })).toThrow(/32 字节/);
    expect(fs.readFileSync(path.join(dir, KEY_FILE), 'utf8')).toBe('short');
  });
});
