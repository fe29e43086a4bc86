/**
 * Content sniffing: what the first bytes say a file is, so a renamed executable is refused whatever its name.
 * Returns the family of formats the bytes belong to, or null for bytes no allowed format starts with.
 */
export type Sniffed = 'gif' | 'jpeg' | 'png' | 'bmp' | 'webp' | 'pdf' | 'zip' | 'ole' | 'rar' | 'text' | null;

export function sniff(head: Uint8Array): Sniffed {
  const b = (i: number) => head[i] ?? -1;
  const starts = (...sig: number[]) => sig.every((v, i) => b(i) === v);
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (starts(0x52, 0x49, 0x46, 0x46) && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50)
    return 'webp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return 'rar';
  if (looksLikeText(head)) return 'text';
  return null;
}

function looksLikeText(head: Uint8Array) {
  if (head.length === 0) return false;
  for (const c of head) {
    if (c === 0) return false;
    if (c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b)) return false;
  }
  return true;
}

/** The sniffed families each allowed extension may carry. */
export const EXTENSION_FAMILIES: Record<string, readonly Exclude<Sniffed, null>[]> = {
  gif: ['gif'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  bmp: ['bmp'],
  webp: ['webp'],
  pdf: ['pdf'],
  txt: ['text'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  wps: ['ole', 'zip'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  rar: ['rar'],
};

/** True when the bytes fit the extension. */
export function contentMatches(ext: string, head: Uint8Array) {
  const kind = sniff(head);
  return kind !== null && (EXTENSION_FAMILIES[ext.toLowerCase()] ?? []).includes(kind);
}

export const MIME: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  wps: 'application/vnd.ms-works',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};
