/** Parses a CAS 2.0/3.0 `serviceValidate` XML answer: the user on success, null on failure. */
export function parseCasValidation(xml: string, attribute?: string | null): { user: string } | null {
  if (!/<(?:\w+:)?authenticationSuccess[\s>]/.test(xml)) return null;
  // The 工号 comes from the attribute 系统管理 names (CAS 3.0 <cas:attributes>), else from <cas:user>.
  const tag = attribute ? attribute.replace(/[^A-Za-z0-9_.-]/g, '').replace(/\./g, '\\.') : 'user';
  const m = new RegExp(`<(?:\\w+:)?${tag}>\\s*([^<]+?)\\s*<\\/(?:\\w+:)?${tag}>`).exec(xml);
  if (!m?.[1]) return null;
  const user = m[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
  return { user };
}

/** Asks the CAS server whether the ticket was issued for the service; null when it was not. */
export async function validateCasTicket(opts: {
  serverUrl: string;
  validatePath: string;
  service: string;
  ticket: string;
  timeoutMs?: number;
  attribute?: string | null;
}) {
  const url = new URL(opts.serverUrl.replace(/\/$/, '') + opts.validatePath);
  url.searchParams.set('ticket', opts.ticket);
  url.searchParams.set('service', opts.service);
  const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
  if (!res.ok) return null;
  return parseCasValidation(await res.text(), opts.attribute);
}
