import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseKey } from '../config';

/**
 * Secrets kept in the database (a data source's password) are sealed with AES-256-GCM: a fresh random 12-byte IV per
 * value, and the 16-byte authentication tag stored with the ciphertext, so a changed value, a changed tag or another
 * key is refused rather than read as garbage. A sealed value is `v1.<iv>.<tag>.<ciphertext>`, each part base64.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** The key file generated under DATA_DIR when ENCRYPTION_KEY is not set. */
export const KEY_FILE = 'encryption.key';

/** A sealed value that cannot be opened: malformed, altered, or sealed with another key. */
export class SecretBoxError extends Error {}

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new SecretBoxError(`加密密钥应为 ${KEY_BYTES} 字节，实际为 ${key.length} 字节`);
    this.#key = Buffer.from(key);
  }

  /** Seals a text: a new random IV each time, so sealing the same text twice gives two different values. */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join('.');
  }

  /** Opens a sealed value; throws SecretBoxError when it is malformed, altered or sealed with another key. */
  open(sealed: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('密文格式不正确');
    const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64'));
    if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) throw new SecretBoxError('密文格式不正确');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv!, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('密文已被篡改，或加密密钥已更换');
    }
  }
}

/**
 * The key: ENCRYPTION_KEY when set, otherwise DATA_DIR/encryption.key, generated on first use (32 random bytes, mode
 * 0600). The file is written under a temporary name and linked into place, so two servers starting at once over one
 * DATA_DIR agree on one key and neither reads a half-written file.
 */
export function loadKey(config: { ENCRYPTION_KEY?: string; DATA_DIR: string }): Buffer {
  if (config.ENCRYPTION_KEY) {
    const key = parseKey(config.ENCRYPTION_KEY);
    if (!key) throw new SecretBoxError('环境变量 ENCRYPTION_KEY 不是 32 字节的密钥');
    return key;
  }
  const file = path.join(config.DATA_DIR, KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  fs.chmodSync(tmp, 0o600);
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  const key = readKeyFile(file);
  if (!key) throw new SecretBoxError(`密钥文件 ${file} 无法读取`);
  return key;
}

function readKeyFile(file: string): Buffer | null {
  let key: Buffer;
  try {
    key = fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`密钥文件 ${file} 应为 ${KEY_BYTES} 字节，实际为 ${key.length} 字节：请从备份恢复它`);
  }
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The secret box of a configuration (one per key source, loaded once). */
export function secretBoxOf(config: { ENCRYPTION_KEY?: string; DATA_DIR: string }): SecretBox {
  const id = config.ENCRYPTION_KEY ? `env:${config.ENCRYPTION_KEY}` : `file:${config.DATA_DIR}`;
  let box = boxes.get(id);
  if (!box) {
    box = new SecretBox(loadKey(config));
    boxes.set(id, box);
  }
  return box;
}
