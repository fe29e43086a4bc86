import {
  formatDateTime,
  SELF_REPORT_SUMMARY_MSG as M,
  type SelfReportSummary,
  SUMMARY_ROLE_IDS,
  SUMMARY_TOP_QCPS,
} from '@zg/contract';
import { Paragraph, type Table } from 'docx';
import type { FastifyInstance } from 'fastify';
import { type Actor, isAdmin } from '../../platform/access';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { presentJob, readJob } from '../../platform/tracked-jobs';
import { docxChart, docxHeading, docxTable, docxText, packDocx, renderChart } from '../report';
import { summaryObjectTasks, summaryRowsOf, summaryTask, summaryTasks } from './self-report-summary.query';
import { type SummaryInput, summaryOf } from './self-report-summary.rules';

/**
 * 全校汇总报告 (issue 33 item 4) as a tracked job (platform/jobs.ts): started from a route, run by any worker, its
 * progress (objects summed of all) in the jobs row, polled from any worker; its result, the summary's figures, stays
 * in the row (JOB_KEEP_DAYS) and the Word download is drawn from it.
 */

export const SUMMARY_JOB = 'self-report.summary';
/** Object tasks read per step: the progress moves every step; one statement per step, never one per object. */
const STEP = 10;

/** Who reads the school as a whole: administrators, 诊改管理员, 诊改发布者, school leaders and 学校审核. */
const SUMMARY_ROLES: readonly string[] = SUMMARY_ROLE_IDS;
export const maySummarise = (a: Pick<Actor, 'roles'>) => isAdmin(a) || SUMMARY_ROLES.some((r) => a.roles.has(r));

interface SummaryPayload {
  taskId: number;
}

export function registerSummaryJob(app: FastifyInstance) {
  app.jobs.register(
    SUMMARY_JOB,
    async ({ taskId }: SummaryPayload, ctx) => {
      const db = app.database.db;
      const task = await summaryTask(db, taskId);
      if (!task) return { message: M.taskNotFound };
      const objects = await summaryObjectTasks(db, taskId);
      const inputs: SummaryInput[] = [];
      ctx.progress({ step: M.step, done: 0, total: objects.length });
      for (let i = 0; i < objects.length; i += STEP) {
        const chunk = objects.slice(i, i + STEP);
        const rows = await summaryRowsOf(
          db,
          chunk.map((o) => o.id),
        );
        const byObject = new Map<number, typeof rows>();
        for (const r of rows) {
          const list = byObject.get(r.objectTaskId);
          if (list) list.push(r);
          else byObject.set(r.objectTaskId, [r]);
        }
        for (const o of chunk)
          inputs.push({ name: o.name, chargerName: o.chargerName, rows: byObject.get(o.id) ?? [] });
        ctx.progress({ step: M.step, done: Math.min(i + STEP, objects.length), total: objects.length });
      }
      const summary = summaryOf(task, inputs, formatDateTime(app.clock.now()));
      return { result: summary, message: M.done(objects.length) };
    },
    { whenLost: 'retry' },
  );
}

/** The tasks the summary dialog offers, to the school's readers alone. */
export async function tasksToSummarise(app: FastifyInstance, actor: Actor) {
  if (!maySummarise(actor)) throw forbidden(M.notAllowed);
  return summaryTasks(app.database.db);
}

/** Starts the summary of a diagnosis task (one under way per task). */
export async function startSummary(app: FastifyInstance, actor: Actor, taskId: number) {
  if (!maySummarise(actor)) throw forbidden(M.notAllowed);
  if (!(await summaryTask(app.database.db, taskId))) throw notFound(M.taskNotFound);
  const id = await app.jobs.start(SUMMARY_JOB, {
    owner: actor,
    payload: { taskId } satisfies SummaryPayload,
    exclusive: { key: `self-report-summary:${taskId}`, message: M.underWay },
  });
  return { id };
}

export async function summaryJob(app: FastifyInstance, actor: Actor, id: string) {
  return presentJob(await readJob<SelfReportSummary, null>(app.database.db, actor, id, SUMMARY_JOB));
}

/** The finished summary as a Word document (the report module's renderers: headings, tables, charts to PNG). */
export async function summaryWord(app: FastifyInstance, actor: Actor, id: string) {
  const job = await readJob<SelfReportSummary, null>(app.database.db, actor, id, SUMMARY_JOB);
  if (job.state !== 'done' || !job.result) throw conflict(M.notReady);
  const s = job.result;
  const safe = s.rwmc.replace(/[\\/:*?"<>|]/g, '_');
  return { name: `${safe}全校汇总报告.docx`, buffer: await renderSummaryDocx(s) };
}

const W = 600;
const H = 320;
const para = (value: string, bold = false) =>
  new Paragraph({ spacing: { after: 120 }, children: [docxText(value, { bold })] });

async function renderSummaryDocx(s: SelfReportSummary): Promise<Buffer> {
  const body: (Paragraph | Table)[] = [
    para(`${s.rwmc}全校汇总报告`, true),
    para(`诊改对象 ${s.dxsl} 个，质控点 ${s.zkdsl} 个；生成时间：${s.scsj}`),
  ];
  body.push(
    docxHeading(0, '诊改对象排名'),
    docxTable(
      ['名次', '诊改对象', '负责人', '质控点数', '达标数', '未达标数', '达标率（%）', 'A', 'B', 'C', 'D'],
      s.objects.map((o) => [
        String(o.pm),
        o.dxmc,
        o.fzrmc ?? '—',
        String(o.zkdsl),
        String(o.dbsl),
        String(o.wdbsl),
        o.dbl.toFixed(2),
        ...['A', 'B', 'C', 'D'].map((g) => String(o.grades[g] ?? 0)),
      ]),
    ),
  );
  body.push(docxHeading(1, '等级分布'));
  if (s.gradeDistribution.some((g) => g.value > 0)) {
    const png = await renderChart(
      {
        title: { text: '质控点结果等级分布', left: 'center' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '62%'],
            label: { formatter: '{b}：{c}（{d}%）' },
            data: s.gradeDistribution.filter((g) => g.value > 0).map((g) => ({ name: g.name, value: g.value })),
          },
        ],
      },
      W,
      H,
    );
    body.push(...docxChart({ title: '质控点结果等级分布', width: W, height: H, png }));
  } else body.push(para('暂无数据'));
  body.push(
    docxTable(
      ['等级', '质控点数', '占比（%）'],
      s.gradeDistribution.map((g) => [g.name, String(g.value), g.zb.toFixed(2)]),
    ),
  );
  body.push(
    docxHeading(2, `未达标最多的质控点（前 ${SUMMARY_TOP_QCPS} 个）`),
    docxTable(
      ['序号', '质控点', '未达标对象数', '占全部对象（%）'],
      s.frequentBelow.map((q, i) => [String(i + 1), q.name, String(q.value), q.zb.toFixed(2)]),
    ),
  );
  return packDocx({ creator: '诊断与改进平台', title: `${s.rwmc}全校汇总报告` }, body);
}
