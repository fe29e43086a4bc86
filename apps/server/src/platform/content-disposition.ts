/** `Content-Disposition` with an ASCII fallback and the RFC 5987 UTF-8 name, safe against header injection. */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string) {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_').slice(0, 255) || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
