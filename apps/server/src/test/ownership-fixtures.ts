import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { userRoles, users } from '../db/schema';
import { notify } from '../modules/notification';
import { diagnosisOwnership } from './diagnosis-fixtures';
import type { TestServer, TestSession } from './harness';
import { qualityWarningOwnership } from './quality-warning-fixtures';
import { selfReportOwnership } from './self-report-fixtures';
import { pdf, taskIn, upload, yearTarget } from './wbs-fixtures';
import { multipartBody } from './zip';

type Res = LightMyRequestResponse;

/** One write on a record that belongs to someone: first tried by another user of the same role, then by its owner. */
export interface OwnedWrite {
  /** `METHOD /url` as the route catalog names it. */
  route: string;
  /** The write by a user of the owner's role who does not own the record: refused (403, or 404 when hidden). */
  other(): Promise<Res>;
  /** Then the same write by the owner (or the administrator): done, so the refused attempt changed nothing. */
  owner(): Promise<Res>;
}

/** Runs one owned write and answers the owner's response (for the ids the next write needs). */
export type CheckOwned = (write: OwnedWrite) => Promise<Res>;

/** Creates records as one user and hands each write on them to `check`. */
export type OwnershipFixture = (s: TestServer, check: CheckOwned) => Promise<void>;

const W = '/api/herm-wbs';
const N = '/api/herm-ndwbs';
const F = '/api/herm-zdgj/rest/file';
const T = '/api/herm-sjcj/tableConfiguration';

const post = (me: TestSession, url: string, payload: object = {}) => me.request({ method: 'POST', url, payload });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url });
const dataOf = async (res: Promise<Res> | Res) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};

/**
 * A fill task through the API, as an administrator sets one up: a warehouse table with one text column 名称 (mc), a
 * published form on it, a collection task of 2026 allocated to rwfzr01 and audited by zgfb01. `name` prefixes the
 * records' names, `table` is the physical table's name. Returns rwfzr01's fill task id.
 */
export async function fillTaskOf(admin: TestSession, name: string, table: string): Promise<number> {
  const G = '/api/herm-sjgl';
  const C = '/api/herm-sjcj';
  const ck = await dataOf(post(admin, `${G}/ck/insert`, { ckmc: `${name}采集仓库` }));
  const ckb = await dataOf(post(admin, `${G}/ckb/insert`, { ckid: ck.id, bm: table, bzwm: `${name}采集表` }));
  const field = await dataOf(
    post(admin, `${G}/ckbzd/insert`, { ckbid: ckb.id, zdm: 'mc', zdzwm: '名称', zdlx: 'text', cd: 20 }),
  );
  await dataOf(post(admin, `${G}/ckb/cjwlb`, { id: ckb.id }));
  const dir = await dataOf(post(admin, `${C}/formDirectorys/insert`, { name: `${name}目录` }));
  const form = await dataOf(
    post(admin, `${C}/forms/insert`, {
      directoryId: dir.id,
      name: `${name}表单`,
      tableId: ckb.id,
      fields: [{ fieldId: field.id, label: '名称', kind: 'text' }],
    }),
  );
  await dataOf(post(admin, `${C}/forms/${form.id}/publishById`));
  const task = await dataOf(
    post(admin, `${C}/tasks/insert`, {
      name: `${name}采集`,
      formId: form.id,
      cycle: '2026',
      startDate: '2020-01-01',
      deadline: '2099-12-31',
      userIds: ['rwfzr01'],
      auditorId: 'zgfb01',
    }),
  );
  const [fill] = await dataOf(get(admin, `${C}/taskAllocations/list?taskId=${task.id}`));
  return fill.id as number;
}

/** Signs each user in once per server. */
function sessions(s: TestServer) {
  const open = new Map<string, Promise<TestSession>>();
  return (userId: string) => {
    let session = open.get(userId);
    if (!session) {
      session = s.login(userId);
      open.set(userId, session);
    }
    return session;
  };
}

/**
 * A second user with the roles, department and password of a demo user: the demo data has one year-target publisher
 * (fbr01) and one auditor (shr01), and no route creates users.
 */
export async function sameRoleAs(s: TestServer, userId: string, newId: string) {
  const db = s.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  await db
    .insert(users)
    .values({ ...user, id: newId, name: `${user.name}乙`, email: `${newId}@school.edu.cn`, casId: null })
    .onConflictDoNothing();
  const roles = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  await db
    .insert(userRoles)
    .values(roles.map((r) => ({ userId: newId, roleId: r.roleId })))
    .onConflictDoNothing();
}

/**
 * The fixtures of the route-enumerating ownership test (security.api.test.ts): each creates records as one user and
 * tries every write on them as a second user of the same role, then as the owner.
 */
export const OWNERSHIP_FIXTURES = {
  /** rwfzr01's table configuration; rwfzr02 holds the same roles (the 数据采集 menu). */
  async tableConfig(s, check) {
    const as = sessions(s);
    const [mine, other] = [await as('rwfzr01'), await as('rwfzr02')];
    const table = await dataOf(post(mine, `${T}/insert`, { name: '所有权测试表', tableType: 'fixed' }));
    const layout = (name: string) => ({ ...table, name, head: ['项目', '数量'], rows: [['', '']] });
    await check({
      route: `POST ${T}/update`,
      other: () => post(other, `${T}/update`, layout('他人改写')),
      owner: () => post(mine, `${T}/update`, layout('本人修订')),
    });
    await check({
      route: `POST ${T}/:id/delete`,
      other: () => post(other, `${T}/${table.id}/delete`),
      owner: () => post(mine, `${T}/${table.id}/delete`),
    });
  },

  /** fbr01's year targets under both services; fbr02 is a second year-target publisher. */
  async yearTarget(s, check) {
    await sameRoleAs(s, 'fbr01', 'fbr02');
    const as = sessions(s);
    const [mine, other] = [await as('fbr01'), await as('fbr02')];
    for (const base of [`${W}/yearTarget`, `${N}/yearTargetTask`]) {
      const body = { name: '所有权测试目标', cycleYear: 2026, chargeDepartId: 'D04', auditorId: 'shr01' };
      const { id } = await dataOf(post(mine, `${base}/insert`, body));
      await check({
        route: `POST ${base}/update`,
        other: () => post(other, `${base}/update`, { ...body, id, version: 1, name: '他人改名' }),
        owner: () => post(mine, `${base}/update`, { ...body, id, version: 1, name: '本人改名' }),
      });
      await check({
        route: `POST ${base}/:id/delete`,
        other: () => post(other, `${base}/${id}/delete`),
        owner: () => post(mine, `${base}/${id}/delete`),
      });
    }
  },

  /**
   * rwfzr01's task under way (教务处, audited by shr01): its progress reports, delay requests, documents and task
   * report under both services. rwfzr02 is a second task owner, shr02 a second auditor.
   */
  async task(s, check) {
    await sameRoleAs(s, 'shr01', 'shr02');
    s.app.clock.set('2026-03-02T10:00:00');
    try {
      const target = await yearTarget(s, '所有权测试任务目标');
      // 学生工作处 (rwfzr02) and 质量管理办公室 (shr02) cooperate: the second owner and auditor see the task, so
      // what refuses them is that it is not theirs.
      const taskId = await taskIn(s, target, 'D02', 'executeing', { name: '所有权测试任务', coop: ['D03', 'D04'] });
      const as = sessions(s);
      const [mine, other, auditor, otherAuditor] = [
        await as('rwfzr01'),
        await as('rwfzr02'),
        await as('shr01'),
        await as('shr02'),
      ];
      const services = [
        { prefix: W, reports: '/targetTaskSituation', audit: '/targetTaskSituation/auditTargetTask' },
        { prefix: N, reports: '/scheduleAuditing', audit: '/scheduleAuditing/audit' },
      ];
      for (const { prefix, reports, audit } of services) {
        const base = `${prefix}${reports}`;
        const report = { taskId, periodKey: 'final', kind: 'final', content: '阶段成果已完成', progress: 80 };
        const sent = await check({
          route: `POST ${base}/insert`,
          other: () => post(other, `${base}/insert`, report),
          owner: () => post(mine, `${base}/insert`, report),
        });
        const { id } = sent.json().data;
        await check({
          route: `POST ${base}/update`,
          other: () => post(other, `${base}/update`, { id, version: 1, content: '他人改写' }),
          owner: () => post(mine, `${base}/update`, { id, version: 1, content: '阶段成果已完成（修订）' }),
        });
        await check({
          route: `POST ${base}/:id/delete`,
          other: () => post(other, `${base}/${id}/delete`),
          owner: () => post(mine, `${base}/${id}/delete`),
        });
        const again = (await dataOf(post(mine, `${base}/insert`, report))).id;
        const refusal = { id: again, version: 1, result: 'reject', reason: '请补充佐证材料' };
        await check({
          route: `POST ${prefix}${audit}`,
          other: () => post(otherAuditor, `${prefix}${audit}`, refusal),
          owner: () => post(auditor, `${prefix}${audit}`, refusal),
        });

        const delay = { taskId, newEndDate: '2026-12-31', reason: '实训基地改造推迟' };
        await check({
          route: `POST ${prefix}/delayAuditing/insert`,
          other: () => post(other, `${prefix}/delayAuditing/insert`, delay),
          owner: () => post(mine, `${prefix}/delayAuditing/insert`, delay),
        });
        const delays = (await dataOf(get(mine, `${prefix}/delayAuditing/select?taskId=${taskId}`))) as {
          id: number;
          status: string;
        }[];
        const pending = delays.find((d) => d.status === 'reviewing');
        expect(pending).toBeDefined();
        const verdict = { id: pending?.id, pass: false, reason: '理由不足' };
        await check({
          route: `POST ${prefix}/delayAuditing/audit`,
          other: () => post(otherAuditor, `${prefix}/delayAuditing/audit`, verdict),
          owner: () => post(auditor, `${prefix}/delayAuditing/audit`, verdict),
        });

        const list = prefix === W ? '/targetTaskFile/list' : '/targetTaskFile/select';
        const docs = await dataOf(get(mine, `${prefix}${list}?ownerType=NodeTask&ownerId=${taskId}`));
        const save = { ownerType: 'NodeTask', ownerId: taskId, fileTypeId: docs.groups[0].fileTypeId, fileIds: [] };
        await check({
          route: `POST ${prefix}/targetTaskFile/save`,
          other: () => post(other, `${prefix}/targetTaskFile/save`, save),
          owner: () => post(mine, `${prefix}/targetTaskFile/save`, save),
        });
      }

      const R = `${W}/targetReport`;
      const generated = await check({
        route: `POST ${R}/generateReport`,
        other: () => post(other, `${R}/generateReport`, { taskId }),
        owner: () => post(mine, `${R}/generateReport`, { taskId }),
      });
      const { id } = generated.json().data;
      const version = async () => (await dataOf(get(mine, `${R}/getReportByTask?taskId=${taskId}`))).version;
      const rating = { id, version: await version(), zpdj: 'B' };
      await check({
        route: `POST ${R}/updateLevelSelf`,
        other: () => post(other, `${R}/updateLevelSelf`, { ...rating, zpdj: 'D' }),
        owner: () => post(mine, `${R}/updateLevelSelf`, rating),
      });
      const submit = { id, version: await version() };
      await check({
        route: `POST ${R}/submitAudit`,
        other: () => post(other, `${R}/submitAudit`, submit),
        owner: () => post(mine, `${R}/submitAudit`, submit),
      });
      const refusal = { id, version: await version(), result: 'refuse', reason: '请补充成效数据' };
      await check({
        route: `POST ${R}/audit`,
        other: () => post(otherAuditor, `${R}/audit`, refusal),
        owner: () => post(auditor, `${R}/audit`, refusal),
      });
    } finally {
      s.app.clock.reset();
    }
  },

  /** rwfzr01's (教务处) files and upload, and the 教务处 library; rwfzr02 works in 学生工作处. */
  async files(s, check) {
    const as = sessions(s);
    const [mine, other] = [await as('rwfzr01'), await as('rwfzr02')];
    const first = await upload(mine, '佐证一.pdf', pdf('first'));
    await check({
      route: `POST ${F}/files/insert`,
      other: () => post(other, `${F}/files/insert`, { mc: '他人改名', fjId: first }),
      owner: () => post(mine, `${F}/files/insert`, { mc: '课程标准佐证', fjId: first }),
    });
    const attach = (ownerId: string) => ({ list: [{ fileId: first }], context: { ownerType: 'DocRepo', ownerId } });
    await check({
      route: `POST ${F}/files/saveList`,
      // Into rwfzr02's own department library, but the file is rwfzr01's.
      other: () => post(other, `${F}/files/saveList`, attach('D03')),
      owner: () => post(mine, `${F}/files/saveList`, attach('D02')),
    });
    const second = await upload(mine, '佐证二.pdf', pdf('second'));
    await check({
      route: `POST ${F}/files/:id/delete`,
      other: () => post(other, `${F}/files/${second}/delete`),
      owner: () => post(mine, `${F}/files/${second}/delete`),
    });
    const intoLibrary = (me: TestSession) =>
      me.request({
        method: 'POST',
        url: '/api/docrepo/upload',
        ...multipartBody({ bmid: 'D02' }, { name: '教务处制度.pdf', content: pdf('library') }),
      });
    const libraryFile = (
      await check({
        route: 'POST /api/docrepo/upload',
        other: () => intoLibrary(other),
        owner: () => intoLibrary(mine),
      })
    ).json().data.fileId as string;
    // Sharing 教务处's library file: rwfzr02 (学生工作处) may not, its uploader may.
    const share = (me: TestSession) => post(me, '/api/docrepo/shareById', { id: libraryFile, userIds: ['xld01'] });
    await check({ route: 'POST /api/docrepo/shareById', other: () => share(other), owner: () => share(mine) });

    const guid = randomUUID();
    const bytes = pdf('chunked');
    const chunk = await mine.request({
      method: 'POST',
      url: `${F}/chunk`,
      ...multipartBody(
        {
          guid,
          chunk: '0',
          chunks: '1',
          size: String(bytes.length),
          sha256: createHash('sha256').update(bytes).digest('hex'),
          fileName: '分片.pdf',
        },
        { name: 'blob', content: bytes },
      ),
    });
    expect(chunk.statusCode, chunk.body).toBe(200);
    await check({
      route: `POST ${F}/merge`,
      other: () => post(other, `${F}/merge`, { guid, fileName: '分片.pdf' }),
      owner: () => post(mine, `${F}/merge`, { guid, fileName: '分片.pdf' }),
    });
    // The library's merge: into 教务处's library, the guid rwfzr01's; rwfzr02 (another department) is refused.
    const libraryGuid = randomUUID();
    const chunked = await mine.request({
      method: 'POST',
      url: `${F}/chunk`,
      ...multipartBody(
        {
          guid: libraryGuid,
          chunk: '0',
          chunks: '1',
          size: String(bytes.length),
          sha256: createHash('sha256').update(bytes).digest('hex'),
          fileName: '库分片.pdf',
        },
        { name: 'blob', content: bytes },
      ),
    });
    expect(chunked.statusCode, chunked.body).toBe(200);
    const intoLibraryMerge = (me: TestSession) =>
      post(me, '/api/docrepo/merge', { guid: libraryGuid, fileName: '库分片.pdf', bmid: 'D02' });
    await check({
      route: 'POST /api/docrepo/merge',
      other: () => intoLibraryMerge(other),
      owner: () => intoLibraryMerge(mine),
    });
  },

  /** Urges sent to 教务处 (headed by bmfzr01) under both services; bmfzr03 heads 学生工作处. */
  async urge(s, check) {
    const as = sessions(s);
    const [publisher, head, otherHead] = [await as('fbr01'), await as('bmfzr01'), await as('bmfzr03')];
    const target = await yearTarget(s, '所有权测试督办目标');
    await taskIn(s, target, 'D02', 'waitAccept', { name: '所有权测试督办任务' });
    for (const prefix of [W, N]) {
      const { ids } = await dataOf(
        post(publisher, `${prefix}/yearTargetUrge/batchInsert`, { yearTargetId: target, bmids: ['D02'] }),
      );
      await check({
        route: `POST ${prefix}/warningUrge/acceptUrge`,
        other: () => post(otherHead, `${prefix}/warningUrge/acceptUrge`, { id: ids[0] }),
        owner: () => post(head, `${prefix}/warningUrge/acceptUrge`, { id: ids[0] }),
      });
    }
  },

  /**
   * A fill task of rwfzr01 (its filler) audited by zgfb01: rwfzr02 (rwfzr01's roles) cannot save, commit or withdraw
   * it, zgfb02 (zgfb01's roles) cannot audit or roll it back; both are answered as if it did not exist.
   */
  async fillTask(s, check) {
    await sameRoleAs(s, 'zgfb01', 'zgfb02');
    const as = sessions(s);
    const admin = await as('zyadmin');
    const filler = await as('rwfzr01');
    const other = await as('rwfzr02');
    const auditor = await as('zgfb01');
    const otherAuditor = await as('zgfb02');
    const C = '/api/herm-sjcj';
    const id = await fillTaskOf(admin, '所有权', 'owner_fill');
    const rows = { fillTaskId: id, rows: [{ mc: '甲' }] };
    await check({
      route: `POST ${C}/datas/updateOrInsert`,
      other: () => post(other, `${C}/datas/updateOrInsert`, rows),
      owner: () => post(filler, `${C}/datas/updateOrInsert`, rows),
    });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('填报数据').addRows([['名称'], ['乙']]);
    const sheet = Buffer.from(await wb.xlsx.writeBuffer());
    const importAs = (me: TestSession) =>
      me.request({
        method: 'POST',
        url: `${C}/datas/import?fillTaskId=${id}`,
        ...multipartBody({}, { name: '填报.xlsx', content: sheet }),
      });
    await check({
      route: `POST ${C}/datas/import`,
      other: () => importAs(other),
      owner: () => importAs(filler),
    });
    await check({
      route: `POST ${C}/fillTasks/:id/commit`,
      other: () => post(other, `${C}/fillTasks/${id}/commit`),
      owner: () => post(filler, `${C}/fillTasks/${id}/commit`),
    });
    await check({
      route: `POST ${C}/fillTasks/:id/withdraw`,
      other: () => post(other, `${C}/fillTasks/${id}/withdraw`),
      owner: () => post(filler, `${C}/fillTasks/${id}/withdraw`),
    });
    await dataOf(post(filler, `${C}/fillTasks/${id}/commit`));
    const reject = { pass: false, opinion: '请补充' };
    await check({
      route: `POST ${C}/fillTasks/:id/audit`,
      other: () => post(otherAuditor, `${C}/fillTasks/${id}/audit`, reject),
      owner: () => post(auditor, `${C}/fillTasks/${id}/audit`, reject),
    });
    await dataOf(post(filler, `${C}/fillTasks/${id}/commit`));
    const pass = { ids: [id], pass: true };
    await check({
      route: `POST ${C}/taskAllocations/audit`,
      other: () => post(otherAuditor, `${C}/taskAllocations/audit`, pass),
      owner: () => post(auditor, `${C}/taskAllocations/audit`, pass),
    });
    await check({
      route: `POST ${C}/fillTasks/rollback`,
      other: () => post(otherAuditor, `${C}/fillTasks/rollback`, { id, opinion: '数据有误' }),
      owner: () => post(auditor, `${C}/fillTasks/rollback`, { id, opinion: '数据有误' }),
    });
    await dataOf(post(filler, `${C}/fillTasks/${id}/commit`));
    await dataOf(post(auditor, `${C}/taskAllocations/audit`, pass));
    const back = { ids: [id], opinion: '再核对' };
    await check({
      route: `POST ${C}/taskAllocations/rollback`,
      other: () => post(otherAuditor, `${C}/taskAllocations/rollback`, back),
      owner: () => post(auditor, `${C}/taskAllocations/rollback`, back),
    });
  },

  /** 诊断改进: a task of one publisher, its object task in zyfzr01's charge, audited by shr01 (test/diagnosis-fixtures.ts). */
  diagnosis: diagnosisOwnership,
  /** 质量预警: a warning and its case on a row in zyfzr01's charge (test/quality-warning-fixtures.ts). */
  qualityWarning: qualityWarningOwnership,

  /** 消息通知: an item of zgfb01's, which zyfzr01 cannot mark read (it answers as a missing one). */
  notification: async (s, check) => {
    await notify(s.database.db, [{ userIds: ['zgfb01'], kind: 'urge', title: '归属测试的消息' }]);
    const mine = await s.login('zgfb01');
    const other = await s.login('zyfzr01');
    const [item] = (await dataOf(get(mine, '/api/notification/list?unread=true&size=1'))).records;
    await check({
      route: 'POST /api/notification/read',
      other: () => post(other, '/api/notification/read', { id: item.id }),
      owner: () => post(mine, '/api/notification/read', { id: item.id }),
    });
  },

  /** 自我诊断报告: the report of M01 in zyfzr01's charge (test/self-report-fixtures.ts). */
  selfReport: selfReportOwnership,

  /** 画像分析 (issue 35): zgfb01's portrait card; zgfb02 is a second 诊改管理员 (every portrait, the same menu). */
  async portraitCard(s, check) {
    await sameRoleAs(s, 'zgfb01', 'zgfb02');
    const as = sessions(s);
    const admin = await as('zyadmin');
    const group = await dataOf(post(admin, '/api/herm-sjgl/algorithmGroup/insert', { zmc: '画像归属测试' }));
    const algorithm = await dataOf(
      post(admin, '/api/herm-sjgl/algorithmContent/insert', {
        sfzid: group.id,
        sfmc: '画像归属测试值',
        sflx: 'value',
        sql: 'select 1 as value',
        bbsm: '初版',
      }),
    );
    const [mine, other] = [await as('zgfb01'), await as('zgfb02')];
    const P = '/api/herm-xxjk/portrayal';
    const card = { kind: 'school', label: '归属测试', algorithmId: algorithm.id };
    const { id } = await dataOf(post(mine, `${P}/add`, card));
    await check({
      route: `POST ${P}/update`,
      other: () => post(other, `${P}/update`, { ...card, id, label: '他人改写' }),
      owner: () => post(mine, `${P}/update`, { ...card, id, label: '本人修订' }),
    });
    await check({
      route: `POST ${P}/delete`,
      other: () => post(other, `${P}/delete`, { id }),
      owner: () => post(mine, `${P}/delete`, { id }),
    });
  },
} satisfies Record<string, OwnershipFixture>;

export type OwnershipFixtureName = keyof typeof OWNERSHIP_FIXTURES;
