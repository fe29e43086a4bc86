import net from 'node:net';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDigests, notifications, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { type DigestSettings, notify, runDigest } from '.';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port: takes mail (with a password), or refuses every sender when `refuse` is set. */
async function smtpServer(opts: { refuse?: boolean } = {}) {
  const mails: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'zg' && auth.password === 'secret') cb(null, { user: 'zg' });
      else cb(new Error('535 认证失败'));
    },
    onMailFrom(_address, _session, cb) {
      if (opts.refuse) {
        const err = new Error('服务暂不可用，请稍后再试') as Error & { responseCode: number };
        err.responseCode = 451;
        cb(err);
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A server that accepts the connection and never says a word. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const settings = (port: number, over: Partial<DigestSettings> = {}): DigestSettings => ({
  hour: 8,
  smtp: { host: '127.0.0.1', port, secure: false, user: 'zg', password: 'secret', from: '质量平台 <zg@school.edu.cn>' },
  timeoutMs: 5000,
  publicUrl: 'https://zg.school.edu.cn/',
  ...over,
});

/** The subject header, its encoded words decoded. */
function subjectOf(raw: string) {
  const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = header.split(/\r?\n/).find((l) => l.startsWith('Subject:')) ?? '';
  return line
    .slice('Subject:'.length)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

let s: TestServer;
const PEOPLE = ['zyfzr01', 'zgfb01', 'xld01'];
beforeAll(async () => {
  s = await startTestServer();
  const db = s.database.db;
  // Only these three have an address; rwfzr01 is told too but has none.
  await db.update(users).set({ email: null });
  for (const id of PEOPLE)
    await db
      .update(users)
      .set({ email: `${id}@school.edu.cn` })
      .where(eq(users.id, id));
  await db.delete(notifications);
  await notify(db, [
    {
      userIds: [...PEOPLE, 'rwfzr01'],
      kind: 'urge',
      title: '督办：年度目标“课程建设”',
      link: '/targetTaskManagement/urge',
    },
    { userIds: ['zyfzr01'], kind: 'taskWarning', title: '任务预警：实训基地', body: '过程预警：2026年10月未报告' },
  ]);
});
afterAll(async () => {
  await s?.close();
});

const rowsOf = (day: string) =>
  s.database.db.select().from(notificationDigests).where(eq(notificationDigests.day, day));

describe('the daily digest', () => {
  it('waits for its hour, then sends one mail per user with an address, once, across runs at once', async () => {
    const smtp = await smtpServer();
    try {
      s.app.clock.set('2026-11-02T07:30:00');
      expect(await runDigest(s.database.db, s.app.clock, settings(smtp.port))).toMatchObject({ queued: 0, sent: 0 });
      expect(smtp.mails).toHaveLength(0);

      s.app.clock.set('2026-11-02T08:05:00');
      // Two workers (or instances) at once: each user's row is claimed by one of them.
      const runs = await Promise.all([
        runDigest(s.database.db, s.app.clock, settings(smtp.port)),
        runDigest(s.database.db, s.app.clock, settings(smtp.port)),
      ]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(3);
      expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(PEOPLE.map((p) => `${p}@school.edu.cn`).sort());
      const mine = smtp.mails.find((m) => m.to[0] === 'zyfzr01@school.edu.cn')!;
      expect(subjectOf(mine.raw)).toBe('您有 2 条未读消息');
      expect(subjectOf(smtp.mails.find((m) => m.to[0] === 'xld01@school.edu.cn')!.raw)).toBe('您有 1 条未读消息');
      const rows = await rowsOf('2026-11-02');
      expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual(PEOPLE.map((p) => [p, 'sent']).sort());

      // Later the same day, and new items: no second mail.
      await notify(s.database.db, [{ userIds: ['zgfb01'], kind: 'urge', title: '又一条' }]);
      s.app.clock.set('2026-11-02T18:00:00');
      expect(await runDigest(s.database.db, s.app.clock, settings(smtp.port))).toMatchObject({ queued: 0, sent: 0 });
      expect(smtp.mails).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  });

  it('sends nothing when it is off, or to a user who has read everything', async () => {
    s.app.clock.set('2026-11-03T09:00:00');
    expect(await runDigest(s.database.db, s.app.clock, null)).toMatchObject({ queued: 0, sent: 0 });
    await s.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, 'xld01')));
    const smtp = await smtpServer();
    try {
      await runDigest(s.database.db, s.app.clock, settings(smtp.port));
      expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['zgfb01@school.edu.cn', 'zyfzr01@school.edu.cn']);
    } finally {
      await smtp.close();
    }
  });

  it('tries again later when the server refuses, and then sends once', async () => {
    const refusing = await smtpServer({ refuse: true });
    s.app.clock.set('2026-11-04T09:00:00');
    const first = await runDigest(s.database.db, s.app.clock, settings(refusing.port));
    await refusing.close();
    expect(first.sent).toBe(0);
    expect(first.retried).toBe(2);
    const waiting = await rowsOf('2026-11-04');
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError?.includes('451'))).toBe(true);
    expect(waiting.every((r) => r.nextTryAt.getTime() > s.app.clock.now().getTime())).toBe(true);

    const smtp = await smtpServer();
    try {
      // Not yet due: nothing is tried.
      expect(await runDigest(s.database.db, s.app.clock, settings(smtp.port))).toMatchObject({ sent: 0, retried: 0 });
      s.app.clock.set('2026-11-04T09:15:00');
      expect(await runDigest(s.database.db, s.app.clock, settings(smtp.port))).toMatchObject({ sent: 2 });
      expect(smtp.mails).toHaveLength(2);
      const sent = await s.database.db
        .select()
        .from(notificationDigests)
        .where(and(eq(notificationDigests.day, '2026-11-04'), isNotNull(notificationDigests.sentAt)));
      expect(sent.map((r) => r.attempts)).toEqual([2, 2]);
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a server that never answers after its timeout, while the app keeps answering', async () => {
    const silent = await silentServer();
    const zy = await s.login('zyfzr01');
    try {
      s.app.clock.set('2026-11-05T09:00:00');
      const started = Date.now();
      const run = runDigest(s.database.db, s.app.clock, settings(silent.port, { timeoutMs: 1000 }));
      const asked = Date.now();
      const bell = await zy.request({ method: 'GET', url: '/api/notification/unreadCount' });
      expect(bell.statusCode).toBe(200);
      expect(Date.now() - asked).toBeLessThan(1000);
      const done = await run;
      // One try, then the run stops: the other user's mail waits for the next run, untried.
      expect(done).toMatchObject({ sent: 0, retried: 1 });
      expect(Date.now() - started).toBeLessThan(10_000);
      const rows = await rowsOf('2026-11-05');
      expect(rows.filter((r) => r.attempts === 1).map((r) => r.lastError ?? '')).toEqual([
        expect.stringMatching(/timeout|timed out|ETIMEDOUT|EGREETING/i),
      ]);
      expect(rows.every((r) => r.status === 'pending')).toBe(true);
    } finally {
      await silent.close();
    }
    // The next run, with the server back, sends both.
    const smtp = await smtpServer();
    try {
      s.app.clock.set('2026-11-05T10:00:00');
      expect(await runDigest(s.database.db, s.app.clock, settings(smtp.port))).toMatchObject({ sent: 2 });
      const unsent = await s.database.db
        .select()
        .from(notificationDigests)
        .where(
          and(eq(notificationDigests.day, '2026-11-05'), inArray(notificationDigests.status, ['pending', 'sending'])),
        );
      expect(unsent).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});
