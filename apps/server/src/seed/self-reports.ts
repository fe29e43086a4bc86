import type { ReviewKind, ReviewResult } from '@zg/contract';
import type { Db } from '../db/client';
import { listObjectTasks } from '../modules/diagnosis';
import {
  discuss,
  explainSave,
  generateReport,
  rejectReport,
  reviewReport,
  shareReport,
  submitReport,
} from '../modules/self-report';
import { Clock } from '../platform/clock';
import { DEMO_USERS } from './demo';
import { actorOf, DEMO_DIAGNOSIS_MAJOR } from './diagnosis';

/**
 * The demo's 自我诊断报告 (issue 33 item 5), played through the module's services on the demo diagnosis task with a
 * clock of its own, dated back from `now`: 软件技术 (zyfzr01) has a draft with its first explanation written (the one
 * the e2e journey finishes and submits); four other majors' heads have one submitted, one reviewed by the expert
 * (zj01), one reviewed by the school as well (xxsh01) and one sent back with a reason, each with a discussion line.
 * Run after the quality warnings, on the same four majors, so overview item 3 has warnings to count. Deterministic:
 * no random draw, every instant a fixed offset from `now` (never before the task's start).
 */

const DAY = 86_400_000;

const EXPLAIN: Record<1 | 2 | 3, string> = {
  1: '本轮质控点总体达标情况良好，未达标质控点集中在专业建设规划与人才培养方案修订，已制定整改计划。',
  2: '未完成的质控点主要为学年末才能采集结果的指标，将在数据采集完成后补充。',
  3: '本轮预警均已安排专人处理，逾期预警已纳入教研室月度考核。',
};

type Play =
  | { to: 'submitted' }
  | { to: 'expertReviewed'; expert: Review }
  | { to: 'schoolReviewed'; expert: Review; school: Review }
  | { to: 'rejected'; reason: string };
interface Review {
  fhjg: ReviewResult;
  score: number;
  opinion: string;
}

const PLAYS: Play[] = [
  { to: 'submitted' },
  { to: 'expertReviewed', expert: { fhjg: 'local', score: 82.5, opinion: '分析较为全面，改进措施需进一步量化。' } },
  {
    to: 'schoolReviewed',
    expert: { fhjg: 'effective', score: 91, opinion: '诊断数据翔实，整改措施具体可行。' },
    school: { fhjg: 'effective', score: 90.25, opinion: '同意专家意见，报告有效。' },
  },
  { to: 'rejected', reason: '未达标质控点的原因分析过于简略，请补充具体数据后重新提交。' },
];

export async function seedDemoSelfReports(db: Db, taskId: number, taskStart: string, now: Date) {
  const clock = new Clock();
  const { list } = await listObjectTasks(db, actorOf('zgfb01'), { taskId, pageNum: 1, pageSize: 5000 });
  const start = new Date(`${taskStart}T08:00:00`).getTime();
  const ago = (days: number) => new Date(Math.min(now.getTime(), Math.max(start, now.getTime() - days * DAY)));
  const known = new Set(DEMO_USERS.map((u) => u.id));
  const objects = list
    .filter((o) => o.fzr && known.has(o.fzr.id))
    .sort((a, b) => String(a.dxbm).localeCompare(String(b.dxbm)));
  const mine = objects.find((o) => o.dxbm === DEMO_DIAGNOSIS_MAJOR);
  const others = objects.filter((o) => o.dxbm !== DEMO_DIAGNOSIS_MAJOR).slice(0, PLAYS.length);

  const write = async (userId: string, dxrwid: number, sections: (1 | 2 | 3)[], days: number) => {
    const actor = actorOf(userId);
    clock.set(ago(days));
    const { id } = await generateReport(db, actor, clock, { dxrwid });
    for (const s of sections) await explainSave(db, actor, clock, { bgid: id, id: s, nr: EXPLAIN[s] });
    return id;
  };
  const review = async (userId: string, kind: ReviewKind, bgid: number, r: Review, days: number) => {
    clock.set(ago(days));
    await reviewReport(db, actorOf(userId), clock, kind, { bgid, ...r, isChecked: true });
  };

  // ---- 软件技术 (zyfzr01): a draft, shared with the school reviewer for an early look ----
  if (mine?.fzr) {
    const id = await write(mine.fzr.id, mine.id, [1], 3);
    await shareReport(db, actorOf(mine.fzr.id), clock, { bgid: id, userIds: ['xxsh01'] });
    clock.set(ago(2));
    await discuss(db, actorOf('xxsh01'), clock, { bgid: id, content: '请在预警分析中说明逾期预警的处理时间安排。' });
  }

  // ---- four other majors: a report in each state past the draft ----
  for (const [i, o] of others.entries()) {
    const play = PLAYS[i]!;
    const head = o.fzr!.id;
    const id = await write(head, o.id, [1, 2, 3], 10);
    clock.set(ago(9));
    await submitReport(db, actorOf(head), clock, id);
    if (play.to === 'rejected') {
      clock.set(ago(7));
      await rejectReport(db, actorOf('zj01'), clock, { bgid: id, reason: play.reason });
    }
    if (play.to === 'expertReviewed' || play.to === 'schoolReviewed')
      await review('zj01', 'expert', id, play.expert, 7);
    if (play.to === 'schoolReviewed') await review('xxsh01', 'school', id, play.school, 5);
    clock.set(ago(6));
    await discuss(db, actorOf(play.to === 'submitted' ? head : 'zj01'), clock, {
      bgid: id,
      content: play.to === 'submitted' ? '报告已提交，请专家评审。' : '评审意见已给出，请负责人查看。',
    });
  }
}
