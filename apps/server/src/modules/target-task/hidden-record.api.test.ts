import { PROGRESS_MSG, TASK_ACTIONS, TASK_MSG, type TaskAction } from '@zg/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { HEADS, OWNERS, post, taskIn, yearTarget } from '../../test/wbs-fixtures';
import { multipartBody } from '../../test/zip';
import { evaluateWarnings } from '../warning';

/**
 * A write on a record the actor cannot see answers exactly as the same write on an id that does not exist: same
 * status, same body. Only a record the actor sees may answer 403 (seen, not allowed) or 409 (wrong state), so no
 * answer reveals that a hidden task, year target, report, delay, warning or urge exists, or what state it is in.
 */

let s: TestServer;
const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
/** An id no record has (inside the database's int4 range). */
const MISSING = 2147483000;
/** Users of 学生工作处 (D03): its head, and the owner of its task; neither sees the 教务处 (D02) records below. */
const INTRUDERS = ['bmfzr03', 'rwfzr02'] as const;
const STATES = ['notPushed', 'waitAccept', 'waitResolve', 'waitDefine', 'defining', 'executeing'] as const;
type State = (typeof STATES)[number];

interface Fixture {
  /** A year target the intruders see (it holds a D03 task of theirs), with hidden D02 tasks in every state. */
  visibleTarget: number;
  /** A year target the intruders do not see: all its tasks are D02's. */
  hiddenTarget: number;
  /** The D03 task the intruders see. */
  ownTask: number;
  tasks: Record<State, number>;
  /** Records on the executing hidden task: a progress report and a delay under review, a warning, an urge, a report. */
  report: number;
  delay: number;
  warning: number;
  urge: number;
  targetReport: number;
}
let f: Fixture;
const me = {} as Record<(typeof INTRUDERS)[number], TestSession>;

/** One write: where it goes and what it carries, built with the record's id or the missing one. */
interface Call {
  url: string;
  payload?: object;
  multipart?: ReturnType<typeof multipartBody>;
}
interface Case {
  name: string;
  /** `pick` gives the hidden record's id back, or the missing id. */
  call: (pick: (id: number) => number) => Call;
}

const taskInput = (yearTargetId: number, extra: object = {}) => ({
  yearTargetId,
  rwmc: '探测任务',
  rwlx: 'B',
  departmentId: 'D02',
  kssj: '2026-02-01',
  jssj: '2026-05-31',
  ...extra,
});

const ACTION_PATHS: [string, TaskAction][] = [
  ...(['push', 'withdraw', 'accept', 'goBack', 'resolve', 'decompose'] as const).map(
    (a) => [`targetTask/:id/${a}`, a] as [string, TaskAction],
  ),
  ['targetTaskAudit/:id/submit', 'define'],
  ['targetTaskAudit/:id/pass', 'pass'],
  ['targetTaskAudit/:id/refuse', 'refuse'],
];

/** A state each action starts from. */
const SOURCE: Record<TaskAction, State> = {
  push: 'notPushed',
  withdraw: 'waitAccept',
  accept: 'waitAccept',
  goBack: 'waitAccept',
  resolve: 'waitResolve',
  decompose: 'waitDefine',
  define: 'waitDefine',
  pass: 'defining',
  refuse: 'defining',
};

/** Every state-changing route on a task-related record, each on the hidden record of the fixture. */
const CASES: Case[] = [
  // Task transitions, each on a hidden task in every state (so neither 403 nor 409 can leak).
  ...ACTION_PATHS.flatMap(([path, action]) =>
    STATES.map((st) => ({
      name: `${W}/${path} (${action}) on a ${st} task`,
      call: (pick: (id: number) => number) => ({
        url: `${W}/${path.replace(':id', String(pick(f.tasks[st])))}`,
        payload: { version: 1, reason: '探测', ownerId: 'rwfzr01' },
      }),
    })),
  ),
  // The same transitions by name, each on a task in its source state (where only the actor check refused it).
  ...(Object.keys(TASK_ACTIONS) as TaskAction[]).map((action) => ({
    name: `${N}/averageLevelTarget/updateTaskStauts (${action}) on a ${SOURCE[action]} task`,
    call: (pick: (id: number) => number) => ({
      url: `${N}/averageLevelTarget/updateTaskStauts`,
      payload: { id: pick(f.tasks[SOURCE[action]]), action, version: 1, reason: '探测', ownerId: 'rwfzr01' },
    }),
  })),
  {
    name: `${N}/averageLevelTarget/withdrawTask`,
    call: (pick) => ({
      url: `${N}/averageLevelTarget/withdrawTask`,
      payload: { id: pick(f.tasks.waitAccept), version: 2 },
    }),
  },
  // Task writes under both prefixes, before and after the task is pushed and while it waits to be split.
  ...[
    [W, 'targetTask'],
    [N, 'averageLevelTarget'],
  ].flatMap(([prefix, base]) =>
    (['notPushed', 'waitResolve', 'waitDefine'] as const).flatMap((st) => [
      {
        name: `${prefix}/${base}/update on a ${st} task`,
        call: (pick: (id: number) => number) => ({
          url: `${prefix}/${base}/update`,
          payload: { ...taskInput(f.visibleTarget), id: pick(f.tasks[st]), version: 1 },
        }),
      },
      {
        name: `${prefix}/${base}/:id/delete on a ${st} task`,
        call: (pick: (id: number) => number) => ({ url: `${prefix}/${base}/${pick(f.tasks[st])}/delete`, payload: {} }),
      },
      {
        name: `${prefix}/${base}/insert under a ${st} parent`,
        call: (pick: (id: number) => number) => ({
          url: `${prefix}/${base}/insert`,
          payload: taskInput(f.visibleTarget, { parentId: pick(f.tasks[st]) }),
        }),
      },
    ]),
  ),
  {
    name: `${W}/targetTask/insert in a hidden year target`,
    call: (pick) => ({ url: `${W}/targetTask/insert`, payload: taskInput(pick(f.hiddenTarget)) }),
  },
  {
    name: `${N}/missionStatement/update`,
    call: (pick) => ({
      url: `${N}/missionStatement/update`,
      payload: { taskId: pick(f.tasks.waitDefine), version: 4, mission: '探测' },
    }),
  },
  {
    name: `${W}/targetTaskFile/save (task)`,
    call: (pick) => ({
      url: `${W}/targetTaskFile/save`,
      payload: { ownerType: 'NodeTask', ownerId: pick(f.tasks.executeing), fileTypeId: 1, fileIds: [] },
    }),
  },
  {
    name: `${W}/targetTaskFile/save (year target)`,
    call: (pick) => ({
      url: `${W}/targetTaskFile/save`,
      payload: { ownerType: 'YearTask', ownerId: pick(f.hiddenTarget), fileTypeId: 1, fileIds: [] },
    }),
  },
  // Year targets under both prefixes.
  ...[
    [W, 'yearTarget'],
    [N, 'yearTargetTask'],
  ].flatMap(([prefix, base]) => [
    {
      name: `${prefix}/${base}/update`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${base}/update`,
        payload: { id: pick(f.hiddenTarget), version: 1, name: '探测', cycleYear: 2026, chargeDepartId: 'D04' },
      }),
    },
    {
      name: `${prefix}/${base}/:id/delete`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${base}/${pick(f.hiddenTarget)}/delete`,
        payload: {},
      }),
    },
  ]),
  {
    name: `${W}/yearTarget/moveYearTarget`,
    call: (pick) => ({ url: `${W}/yearTarget/moveYearTarget`, payload: { id: pick(f.hiddenTarget), direction: 'up' } }),
  },
  ...[`${W}/targetTask/import`, `${N}/yearTargetTask/import`].map((url) => ({
    name: url,
    call: (pick: (id: number) => number) => ({
      url,
      multipart: multipartBody(
        { yearTargetId: String(pick(f.hiddenTarget)) },
        { name: 'tasks.xlsx', content: Buffer.from('not read') },
      ),
    }),
  })),
  // Progress reports, delays, warnings and urges, under both prefixes where there are two.
  ...[
    [W, 'targetTaskSituation', 'auditTargetTask', 'targetTaskDetail'],
    [N, 'scheduleAuditing', 'audit', 'warningTask'],
  ].flatMap(([prefix, base, audit, warnings]) => [
    {
      name: `${prefix}/${base}/insert`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${base}/insert`,
        payload: { taskId: pick(f.tasks.executeing), periodKey: '2026-02', kind: 'process', content: '探测' },
      }),
    },
    {
      name: `${prefix}/${base}/update`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${base}/update`,
        payload: { id: pick(f.report), version: 1, content: '探测' },
      }),
    },
    {
      name: `${prefix}/${base}/:id/delete`,
      call: (pick: (id: number) => number) => ({ url: `${prefix}/${base}/${pick(f.report)}/delete`, payload: {} }),
    },
    {
      name: `${prefix}/${base}/${audit}`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${base}/${audit}`,
        payload: { id: pick(f.report), version: 1, result: 'pass' },
      }),
    },
    {
      name: `${prefix}/delayAuditing/insert`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/delayAuditing/insert`,
        payload: { taskId: pick(f.tasks.executeing), newEndDate: '2026-03-31', reason: '探测' },
      }),
    },
    {
      name: `${prefix}/delayAuditing/audit`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/delayAuditing/audit`,
        payload: { id: pick(f.delay), pass: true },
      }),
    },
    {
      name: `${prefix}/${warnings}/delDetailWarning`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/${warnings}/delDetailWarning`,
        payload: { id: pick(f.warning) },
      }),
    },
    {
      name: `${prefix}/warningUrge/addUrge`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/warningUrge/addUrge`,
        payload: { taskId: pick(f.tasks.executeing), content: '探测' },
      }),
    },
    {
      name: `${prefix}/warningUrge/acceptUrge`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/warningUrge/acceptUrge`,
        payload: { id: pick(f.urge) },
      }),
    },
    {
      name: `${prefix}/yearTargetUrge/batchInsert`,
      call: (pick: (id: number) => number) => ({
        url: `${prefix}/yearTargetUrge/batchInsert`,
        payload: { yearTargetId: pick(f.hiddenTarget), bmids: ['D02'] },
      }),
    },
  ]),
  ...[true, false].map((focus) => ({
    name: `/api/herm-zdgj/rest/focus (${focus})`,
    call: (pick: (id: number) => number) => ({
      url: '/api/herm-zdgj/rest/focus',
      payload: { taskId: pick(f.tasks.executeing), focus },
    }),
  })),
  // Task reports.
  {
    name: `${W}/targetReport/generateReport`,
    call: (pick) => ({ url: `${W}/targetReport/generateReport`, payload: { taskId: pick(f.tasks.executeing) } }),
  },
  {
    name: `${W}/targetReport/updateLevelSelf`,
    call: (pick) => ({
      url: `${W}/targetReport/updateLevelSelf`,
      payload: { id: pick(f.targetReport), version: 1, zpdj: 'A' },
    }),
  },
  {
    name: `${W}/targetReport/submitAudit`,
    call: (pick) => ({ url: `${W}/targetReport/submitAudit`, payload: { id: pick(f.targetReport), version: 1 } }),
  },
  {
    name: `${W}/targetReport/audit`,
    call: (pick) => ({
      url: `${W}/targetReport/audit`,
      payload: { id: pick(f.targetReport), version: 1, result: 'refuse', reason: '探测' },
    }),
  },
];

const send = (who: TestSession, c: Call) =>
  who.request({ method: 'POST', url: c.url, ...(c.multipart ?? { payload: c.payload }) });
const answer = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  contentType: res.headers['content-type'],
  body: res.body,
});

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-01-10T10:00:00');
  const visibleTarget = await yearTarget(s, '可见的年度目标');
  const ownTask = await taskIn(s, visibleTarget, 'D03', 'executeing');
  const fbr = await s.login('fbr01');
  const head = await s.login(HEADS.D02!);
  const owner = await s.login(OWNERS.D02!);
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };

  const waitResolve = await taskIn(s, visibleTarget, 'D02', 'waitAccept', { name: '待分解' });
  await ok(post(head, `/targetTask/${waitResolve}/accept`, { version: 2 }));
  const waitDefine = await taskIn(s, visibleTarget, 'D02', 'waitAccept', { name: '待定义' });
  await ok(post(head, `/targetTask/${waitDefine}/accept`, { version: 2 }));
  await ok(post(head, `/targetTask/${waitDefine}/resolve`, { version: 3, ownerId: OWNERS.D02 }));
  const defining = await taskIn(s, visibleTarget, 'D02', 'waitAccept', { name: '定义审核中' });
  await ok(post(head, `/targetTask/${defining}/accept`, { version: 2 }));
  await ok(post(head, `/targetTask/${defining}/resolve`, { version: 3, ownerId: OWNERS.D02 }));
  await ok(post(owner, `/targetTaskAudit/${defining}/submit`, { version: 4 }));
  const executeing = await taskIn(s, visibleTarget, 'D02', 'executeing', { name: '执行中', end: '2026-01-20' });
  const tasks: Record<State, number> = {
    notPushed: await taskIn(s, visibleTarget, 'D02', 'notPushed'),
    waitAccept: await taskIn(s, visibleTarget, 'D02', 'waitAccept'),
    waitResolve,
    waitDefine,
    defining,
    executeing,
  };

  const hiddenTarget = await yearTarget(s, '看不到的年度目标');
  await taskIn(s, hiddenTarget, 'D02', 'notPushed');

  const report = (
    await ok(
      post(owner, '/targetTaskSituation/insert', {
        taskId: executeing,
        periodKey: '2026-01',
        kind: 'process',
        content: '一月进度',
      }),
    )
  ).id as number;
  await ok(post(owner, '/delayAuditing/insert', { taskId: executeing, newEndDate: '2026-02-28', reason: '材料延迟' }));
  const [delay] = await ok(owner.request({ method: 'GET', url: `${W}/delayAuditing/select?taskId=${executeing}` }));
  // Ends within 15 days: the 到期预警 is raised.
  await evaluateWarnings(s.database.db, s.app.clock);
  const [warning] = await ok(
    fbr.request({ method: 'GET', url: `${W}/targetTaskDetail/getDetailWarning?taskId=${executeing}` }),
  );
  const urge = (await ok(post(fbr, '/warningUrge/addUrge', { taskId: executeing, content: '请加快进度' }))).id;
  const targetReport = (await ok(post(owner, '/targetReport/generateReport', { taskId: executeing }))).id;
  f = {
    visibleTarget,
    hiddenTarget,
    ownTask,
    tasks,
    report,
    delay: delay.id,
    warning: warning.id,
    urge,
    targetReport,
  };
  for (const who of INTRUDERS) me[who] = await s.login(who);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('the fixture', () => {
  it('hides the D02 records from the D03 users, and shows them their own task and its year target', async () => {
    for (const who of INTRUDERS) {
      for (const id of Object.values(f.tasks)) {
        expect((await me[who].request({ method: 'GET', url: `${W}/targetTask/${id}` })).statusCode).toBe(404);
      }
      expect((await me[who].request({ method: 'GET', url: `${W}/targetTask/${f.ownTask}` })).statusCode).toBe(200);
      const targets = (
        await me[who].request({ method: 'GET', url: `${W}/yearTarget/selectPage?current=1&size=50` })
      ).json().data.records as { id: number }[];
      expect(targets.map((t) => t.id)).toContain(f.visibleTarget);
      expect(targets.map((t) => t.id)).not.toContain(f.hiddenTarget);
    }
  });
});

describe('a write on a record the actor cannot see answers as on a missing id', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      for (const who of INTRUDERS) {
        const missing = answer(
          await send(
            me[who],
            c.call(() => MISSING),
          ),
        );
        expect(missing.status, `${who}: ${missing.body}`).toBe(404);
        const hidden = answer(
          await send(
            me[who],
            c.call((id) => id),
          ),
        );
        expect(hidden, who).toEqual(missing);
      }
    });
  }
});

describe('a record the actor sees still answers 403 or 409', () => {
  it('refuses a transition in the wrong state (409) and one the actor may not take (403)', async () => {
    const headD03 = me.bmfzr03;
    const wrongState = await post(headD03, `/targetTask/${f.ownTask}/push`, { version: 6 });
    expect(wrongState.statusCode).toBe(409);
    expect(wrongState.json().meta.message).toBe(TASK_MSG.wrongState);
    const head = await s.login(HEADS.D02!);
    const notAllowed = await post(head, `/targetTaskAudit/${f.tasks.defining}/pass`, { version: 5 });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().meta.message).toBe(TASK_MSG.notAllowed);
  });

  it('tells the head of the task department they may not dismiss its warning, and a publisher the urge is not theirs', async () => {
    const head = await s.login(HEADS.D02!);
    const dismiss = await post(head, '/targetTaskDetail/delDetailWarning', { id: f.warning });
    expect(dismiss.statusCode).toBe(403);
    expect(dismiss.json().meta.message).toBe(PROGRESS_MSG.warningDeleteNotAllowed);
    const fbr = await s.login('fbr01');
    const accept = await post(fbr, '/warningUrge/acceptUrge', { id: f.urge });
    expect(accept.statusCode).toBe(403);
    expect(accept.json().meta.message).toBe(PROGRESS_MSG.urgeNotYours);
  });
});
