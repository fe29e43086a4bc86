/**
 * Form fields with bracketed keys, the way `qs` on the server parses them back: `{ a: [{ b: 1 }] }` becomes
 * `a[0][b]=1`. `undefined` is left out and `null` sent empty, as qs.stringify does.
 */
export function toFormBody(value: object): URLSearchParams {
  const params = new URLSearchParams();
  const add = (key: string, item: unknown) => {
    if (item === undefined) return;
    if (item === null) params.append(key, '');
    else if (item instanceof Date) params.append(key, item.toISOString());
    // Arrays too: their entries are their indices.
    else if (typeof item === 'object') for (const [k, entry] of Object.entries(item)) add(`${key}[${k}]`, entry);
    else params.append(key, String(item));
  };
  for (const [key, item] of Object.entries(value)) add(key, item);
  return params;
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''…` form first (it carries
 * Chinese names exactly), else `filename=`, which some servers percent-encode too. Path parts are dropped.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]*)'[^']*'([^;\s]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) name = decodePercent(extended[2].replace(/^"|"$/g, ''));
  if (!name && plain) name = decodePercent((plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? '').trim());
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
