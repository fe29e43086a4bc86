import type { Fixtures } from '@zg/server/src/seed/story';
import autocannon from 'autocannon';
import { Session } from '../lib/http';
import { settle } from '../lib/server';
import { type LatencySummary, summarise } from '../lib/stats';

export type RouteGroup = 'ceiling' | 'list' | 'detail' | 'warnings' | 'analysis' | 'warehouse' | 'notification';

export interface ApiRoute {
  key: string;
  label: string;
  group: RouteGroup;
  /** Who calls it (null: no session, the ceiling). */
  user: string | null;
  /** The next path to request (a rotation for the detail). */
  next: () => string;
}

export interface RouteFigures {
  key: string;
  label: string;
  group: RouteGroup;
  user: string | null;
  rps: number;
  latency: LatencySummary;
  requests: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

const W = '/api/herm-wbs';

/** The task-list query the ceiling route copies (its body is this page, byte for byte). */
export const listQuery = (year: number) => `kind=yearTask&year=${year}&rwzt=executeing&sort=desc&current=1&size=20`;

/** The routes of issue 9 item 2, each as the role that reads it. */
export function apiRoutes(f: Fixtures): ApiRoute[] {
  const fixed = (p: string) => () => p;
  let i = 0;
  const ids = f.detailIds.length ? f.detailIds : [1];
  const analysis = (name: string, label: string): ApiRoute => ({
    key: `analysis.${name}`,
    label,
    group: 'analysis',
    user: 'fbr01',
    next: fixed(`${W}/targetTaskSummaryAnalysis/${name}?scope=globalSummaryAnalysis&year=${f.year}`),
  });
  return [
    {
      key: 'ceiling',
      label: '天花板（常量 JSON，同任务列表页大小）',
      group: 'ceiling',
      user: null,
      next: fixed('/api/bench/ceiling'),
    },
    {
      key: 'list.publisher',
      label: '任务列表（发布者：年份+状态筛选，时间降序，20条）',
      group: 'list',
      user: 'fbr01',
      next: fixed(`${W}/targetTask/selectPage?${listQuery(f.year)}`),
    },
    {
      key: 'list.head',
      label: '任务列表（部门负责人：本部门任务，时间升序，20条）',
      group: 'list',
      user: 'bmfzr01',
      next: fixed(`${W}/targetTask/selectPage?kind=departmentTask&sort=asc&current=1&size=20`),
    },
    {
      key: 'detail',
      label: '任务详情（轮换任务id）',
      group: 'detail',
      user: 'fbr01',
      next: () => `${W}/targetTask/${ids[i++ % ids.length]}`,
    },
    {
      key: 'warnings.total',
      label: '预警数：全部（getWarningCountList）',
      group: 'warnings',
      user: 'fbr01',
      next: fixed(`${W}/Task/getWarningCountList`),
    },
    {
      key: 'warnings.personal',
      label: '预警数：个人（getPersonalWarningCountList）',
      group: 'warnings',
      user: 'rwfzr01',
      next: fixed(`${W}/Task/getPersonalWarningCountList`),
    },
    {
      key: 'notification.unread',
      label: '铃铛未读数（notification/unreadCount）',
      group: 'notification',
      user: 'zyfzr01',
      next: fixed('/api/notification/unreadCount'),
    },
    {
      key: 'warnings.department',
      label: '预警数：部门（getDepartmentWarningCountList）',
      group: 'warnings',
      user: 'bmfzr01',
      next: fixed(`${W}/Task/getDepartmentWarningCountList`),
    },
    analysis('taskStatusAnalysis', '汇总分析：任务状态分布'),
    analysis('departmentTaskFinishRate', '汇总分析：部门完成率'),
    analysis('finishRankRate', '汇总分析：完成率排名'),
  ];
}

/** Signs in each user the routes need, once. */
export async function signIn(base: string, routes: readonly ApiRoute[]): Promise<Map<string, Session>> {
  const sessions = new Map<string, Session>();
  for (const r of routes) {
    if (r.user && !sessions.has(r.user)) sessions.set(r.user, await Session.login(base, r.user));
  }
  return sessions;
}

/** Checks every route answers 200 before it is measured, so a broken route shows as an error, not a figure. */
export async function checkRoutes(routes: readonly ApiRoute[], sessions: Map<string, Session>, base: string) {
  const { request } = await import('../lib/http');
  for (const r of routes) {
    const s = r.user ? sessions.get(r.user)! : null;
    const path = r.next();
    const res = s ? await s.get(path) : await request(base, { path });
    if (res.status !== 200) throw new Error(`${r.key}: ${path} answered ${res.status} ${res.body.slice(0, 300)}`);
  }
}

/**
 * One autocannon run of a route at `connections`, with every response's latency kept: for a time, or until `amount`
 * responses (the run is stopped after `guardSeconds` whatever happens).
 */
async function cannon(
  base: string,
  route: ApiRoute,
  session: Session | null,
  run: { seconds: number } | { amount: number; guardSeconds: number },
  connections: number,
) {
  const latencies: number[] = [];
  let bytes = 0;
  const started = performance.now();
  let last = started;
  const instance = autocannon({
    url: base,
    connections,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.amount }),
    timeout: 30,
    headers: session ? { cookie: session.cookie } : {},
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          req.path = session ? session.sign(route.next()) : route.next();
          return req;
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    last = performance.now();
  });
  const guard = 'guardSeconds' in run ? setTimeout(() => instance.stop(), run.guardSeconds * 1000) : null;
  const result = await instance;
  if (guard) clearTimeout(guard);
  const seconds = 'seconds' in run ? result.duration : Math.max(0.001, (last - started) / 1000);
  return { result, latencies, bytes, seconds };
}

/** Runs every route: a warm-up, then the measured run. */
export async function runApiBenchmarks(
  base: string,
  routes: readonly ApiRoute[],
  sessions: Map<string, Session>,
  opts: { seconds: number; warmupSeconds: number; connections: number; log: (line: string) => void },
): Promise<RouteFigures[]> {
  const out: RouteFigures[] = [];
  for (const route of routes) {
    const session = route.user ? sessions.get(route.user)! : null;
    await settle(base);
    // A time-boxed run undercounts a slow route: 32 requests that move in step (a server that answers one query at a time)
    // all finish after the window closes. So the measured run asks for a number of answers, sized from the warm-up
    // to last about `seconds`, and at least six rounds of the 32 connections.
    let run: { seconds: number } | { amount: number; guardSeconds: number } = { seconds: opts.seconds };
    if (opts.warmupSeconds > 0) {
      const warm = await cannon(base, route, session, { seconds: opts.warmupSeconds }, opts.connections);
      await settle(base);
      const estimate = warm.latencies.length / warm.seconds;
      run = {
        amount: Math.max(opts.connections * 6, Math.ceil(estimate * opts.seconds)),
        guardSeconds: opts.seconds * 4 + 10,
      };
    }
    const { result, latencies, bytes, seconds } = await cannon(base, route, session, run, opts.connections);
    const latency = summarise(latencies);
    const figures: RouteFigures = {
      key: route.key,
      label: route.label,
      group: route.group,
      user: route.user,
      rps: latencies.length / seconds,
      latency,
      requests: latencies.length,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
    };
    out.push(figures);
    opts.log(
      `${route.key.padEnd(28)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${latency.p50.toFixed(1)} ms  p99 ${latency.p99.toFixed(1)} ms  errors ${figures.errors + figures.non2xx}`,
    );
  }
  return out;
}
