import {
  formatDateTime,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MSG,
  type NotificationKind,
} from '@zg/contract';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { addDigestRows, claimDigest, digestContent, finishDigest } from './digest.repository';

/** The digest's settings from the configuration; null when it is off. */
export interface DigestSettings {
  hour: number;
  smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  timeoutMs: number;
  publicUrl?: string;
}

export function digestSettingsOf(c: Config): DigestSettings | null {
  if (!c.NOTIFY_DIGEST_ENABLED || !c.SMTP_HOST || !c.SMTP_FROM) return null;
  return {
    hour: c.NOTIFY_DIGEST_HOUR,
    smtp: {
      host: c.SMTP_HOST,
      port: c.SMTP_PORT,
      secure: c.SMTP_SECURE,
      user: c.SMTP_USER,
      password: c.SMTP_PASSWORD,
      from: c.SMTP_FROM,
    },
    timeoutMs: c.SMTP_TIMEOUT_SECONDS * 1000,
    publicUrl: c.PUBLIC_URL,
  };
}

/** Tries of one user's digest in a day before it is given up; the waits between them double from RETRY_MINUTES. */
export const DIGEST_MAX_ATTEMPTS = 5;
export const DIGEST_RETRY_MINUTES = 10;

export interface DigestRun {
  queued: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/** Errors of the connection itself: the server is down or silent, so the other users' mails wait for the next run. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EGREETING']);

function mailOf(
  s: DigestSettings,
  content: Awaited<ReturnType<typeof digestContent>>,
): { subject: string; text: string; html: string } {
  const { user, items, total } = content;
  const url = (link: string | null) => (s.publicUrl && link ? `${s.publicUrl.replace(/\/$/, '')}/#${link}` : null);
  const lines = items.map((n) => {
    const kind = NOTIFICATION_KIND_LABELS[n.kind as NotificationKind] ?? n.kind;
    return { kind, title: n.title, body: n.body, at: formatDateTime(n.createdAt), href: url(n.link) };
  });
  const more = total - items.length;
  const text = [
    `${user?.name ?? ''}，您好：`,
    '',
    NOTIFICATION_MSG.digestSubject(total),
    '',
    ...lines.map(
      (l) => `【${l.kind}】${l.title}（${l.at}）${l.body ? `\n    ${l.body}` : ''}${l.href ? `\n    ${l.href}` : ''}`,
    ),
    ...(more > 0 ? ['', NOTIFICATION_MSG.digestMore(more)] : []),
    '',
    NOTIFICATION_MSG.digestFooter,
  ].join('\n');
  const esc = (v: string) =>
    v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const html = `<p>${esc(user?.name ?? '')}，您好：</p><p>${esc(NOTIFICATION_MSG.digestSubject(total))}</p><ul>${lines
    .map(
      (l) =>
        `<li>【${esc(l.kind)}】${l.href ? `<a href="${esc(l.href)}">${esc(l.title)}</a>` : esc(l.title)}（${esc(l.at)}）${
          l.body ? `<br>${esc(l.body)}` : ''
        }</li>`,
    )
    .join(
      '',
    )}</ul>${more > 0 ? `<p>${esc(NOTIFICATION_MSG.digestMore(more))}</p>` : ''}<p>${esc(NOTIFICATION_MSG.digestFooter)}</p>`;
  return { subject: NOTIFICATION_MSG.digestSubject(total), text, html };
}

/**
 * The daily digest (the notification job, every quarter of an hour once the digest is on): from the configured hour,
 * makes today's rows (one per user with an address and something unread) and sends each once, one mail per user per
 * day, whichever worker or instance claims it. A refusal is tried again later (DIGEST_RETRY_MINUTES, doubling, at most
 * DIGEST_MAX_ATTEMPTS); a server that cannot be reached or never answers (SMTP_TIMEOUT_SECONDS) ends the run, and the
 * rest wait for the next one. Requests are never held up: the job runs beside them and each wait is bounded.
 */
export async function runDigest(db: Db, clock: Clock, s: DigestSettings | null): Promise<DigestRun> {
  const run: DigestRun = { queued: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
  if (!s) return run;
  const now = clock.now();
  if (now.getHours() < s.hour) return run;
  const day = clock.today();
  run.queued = await addDigestRows(db, day, now);
  const t = s.timeoutMs;
  const transport = nodemailer.createTransport({
    host: s.smtp.host,
    port: s.smtp.port,
    secure: s.smtp.secure,
    auth: s.smtp.user ? { user: s.smtp.user, pass: s.smtp.password ?? '' } : undefined,
    connectionTimeout: t,
    greetingTimeout: t,
    socketTimeout: t,
    dnsTimeout: t,
  });
  try {
    for (;;) {
      const at = clock.now();
      // The lease covers a send's three waits; a worker that dies leaves the row to be claimed again after it.
      const row = await claimDigest(db, day, at, Math.ceil((3 * t) / 1000) + 60);
      if (!row) break;
      const key = { userId: row.userId, day, attempts: row.attempts };
      const content = await digestContent(db, row.userId, NOTIFICATION_LIMITS.digestItems);
      if (!content.user?.enabled || !content.user.email || content.total === 0) {
        await finishDigest(db, key, { status: 'skipped', items: 0 });
        run.skipped++;
        continue;
      }
      const mail = mailOf(s, content);
      try {
        await transport.sendMail({ from: s.smtp.from, to: content.user.email, ...mail });
        await finishDigest(db, key, { status: 'sent', sentAt: clock.now(), items: content.total, lastError: null });
        run.sent++;
      } catch (err) {
        const e = err as { code?: string; message?: string };
        const lastError = `${e.code ?? ''} ${e.message ?? String(err)}`.trim().slice(0, 500);
        if (row.attempts >= DIGEST_MAX_ATTEMPTS) {
          await finishDigest(db, key, { status: 'failed', lastError });
          run.failed++;
        } else {
          const wait = DIGEST_RETRY_MINUTES * 2 ** (row.attempts - 1) * 60_000;
          await finishDigest(db, key, { status: 'pending', nextTryAt: new Date(at.getTime() + wait), lastError });
          run.retried++;
        }
        if (UNREACHABLE.has(e.code ?? '')) break;
      }
    }
  } finally {
    transport.close();
  }
  return run;
}
