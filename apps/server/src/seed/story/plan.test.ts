import { describe, expect, it } from 'vitest';
import { DEMO_DEPARTMENTS, DEMO_USERS } from '../demo';
import type { TaskPlan } from './model';
import { fitReportCount, planData } from './plan';
import { Random } from './random';
import { SCALES } from './scale';
import { type SimulationRefs, simulate } from './simulate';

const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T10:00:00`);
const opts = { seed: 7, today: TODAY, now: NOW, firstIds: { yearTarget: 1, task: 1, report: 1 } };

const all = (roots: TaskPlan[]): TaskPlan[] => roots.flatMap((r) => [r, ...all(r.children)]);

const refsAt = (today: string, now: Date): SimulationRefs => ({
  today,
  now,
  warningTypes: [
    { id: 1, name: '过程预警', kind: 'process' as const, days: 7, period: 'month' },
    { id: 2, name: '15天到期预警', kind: 'process' as const, days: 15, period: 'day' },
    { id: 3, name: '逾期预警', kind: 'final' as const, days: 0, period: 'day' },
  ],
  cycle: () => ({ cycleTypeId: 1, cycleValues: '3' }),
  userName: (id) => id,
  departmentName: (id) => id,
  systemName: '教学质量监测与分析平台',
});

describe('the data plan', () => {
  const plan = planData(SCALES.small, opts);
  const tasks = plan.yearTargets.flatMap((y) => all(y.roots));

  it('is the same for the same seed and differs for another', () => {
    const again = planData(SCALES.small, opts);
    expect(JSON.stringify(again)).toBe(JSON.stringify(plan));
    expect(JSON.stringify(planData(SCALES.small, { ...opts, seed: 8 }))).not.toBe(JSON.stringify(plan));
  });

  it('holds exactly the scale: departments and users with the demo ones, tasks per year, reports', () => {
    expect(plan.departments.length + DEMO_DEPARTMENTS.length).toBe(SCALES.small.departments);
    // The demo users and the administrator are there already.
    expect(plan.users.length + DEMO_USERS.length + 1).toBe(SCALES.small.users);
    expect(plan.years).toEqual([2025, 2026]);
    for (const year of plan.years) {
      const n = plan.yearTargets.filter((y) => y.target.cycleYear === year).flatMap((y) => all(y.roots)).length;
      expect(n).toBe(SCALES.small.tasksPerYear);
    }
    expect(tasks.reduce((a, t) => a + t.reports.length, 0)).toBe(SCALES.small.reports);
    expect(plan.reportCount).toBe(SCALES.small.reports);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
  });

  it('builds trees 3 or 4 deep (fresh top tasks stay single), children inside their parent', () => {
    const roots = plan.yearTargets.flatMap((y) => y.roots);
    const depthOf = (t: TaskPlan): number => 1 + Math.max(0, ...t.children.map(depthOf));
    const depths = roots.filter((r) => r.children.length).map(depthOf);
    expect(Math.min(...depths)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...depths)).toBe(4);
    expect(depths.filter((d) => d >= 3).length / depths.length).toBeGreaterThan(0.9);
    for (const t of tasks) {
      expect(t.endDate >= t.startDate).toBe(true);
      for (const c of t.children) {
        expect(c.startDate >= t.startDate && c.endDate <= t.endDate).toBe(true);
        expect(c.depth).toBe(t.depth + 1);
        expect(c.departmentId).toBe(t.departmentId);
      }
    }
  });

  it('never dates anything after now', () => {
    for (const t of tasks) {
      for (const time of Object.values(t.times)) expect(time.getTime()).toBeLessThanOrEqual(NOW.getTime());
      for (const r of t.reports) {
        expect(r.submittedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        if (r.audit) expect(r.audit.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });

  it('tells stories the state machine accepts, with warnings the rules give', () => {
    const refs = refsAt(TODAY, NOW);
    let open = 0;
    for (const y of plan.yearTargets) {
      const rows = simulate(y.target, y.roots, refs);
      const keys = rows.warnings.map((w) => `${w.taskId}|${w.warningTypeId}|${w.warningKey}`);
      expect(new Set(keys).size).toBe(keys.length);
      open += rows.warnings.filter((w) => w.open).length;
      for (const t of rows.tasks) {
        if (t.status === 'hasDone' || t.status === 'delayDone') expect(t.progress).toBe(100);
      }
    }
    expect(open).toBeGreaterThan(0);
  });
});

describe('the demo scale', () => {
  // Late in the year (today), mid-year, and a first start just after new year, when this year has barely begun.
  for (const today of ['2026-11-20', '2026-06-15', '2027-01-05']) {
    it(`adds nobody and casts 教务处 in every part of the story (${today})`, () => {
      const now = new Date(`${today}T10:00:00`);
      const plan = planData(SCALES.demo, { seed: 20_260_101, today, now, firstIds: opts.firstIds });
      expect(plan.departments).toEqual([]);
      expect(plan.users).toEqual([]);
      const rows = plan.yearTargets.map((y) => simulate(y.target, y.roots, refsAt(today, now)));
      const tasks = rows.flatMap((r) => r.tasks);
      expect(tasks.length).toBe(SCALES.demo.tasksPerYear * SCALES.demo.years);
      const focus = tasks.filter((t) => t.departmentId === 'D02');
      const has = (p: (t: (typeof tasks)[number]) => boolean) => focus.some(p);
      // bmfzr01: to accept and to split; rwfzr01: last year's task overdue; shr01: task reports waiting.
      expect(has((t) => t.status === 'waitAccept')).toBe(true);
      expect(has((t) => t.status === 'waitResolve')).toBe(true);
      expect(has((t) => t.status === 'delayNotDone' && t.ownerId === 'rwfzr01')).toBe(true);
      expect(rows.flatMap((r) => r.delays).some((d) => d.status === 'reviewing')).toBe(true);
      expect(rows.flatMap((r) => r.urges).some((u) => u.departmentId === 'D02' && u.state === 'urge')).toBe(true);
      expect(new Set(rows.flatMap((r) => r.targetReports).map((r) => r.status))).toEqual(
        new Set(['pass', 'reviewing', 'draft']),
      );
      if (today !== '2027-01-05') {
        // This year's definitions: to write, waiting for audit, refused; a progress report waiting for audit.
        expect(has((t) => t.status === 'waitDefine' && t.auditStatus === null && t.ownerId === 'rwfzr01')).toBe(true);
        expect(has((t) => t.status === 'waitDefine' && t.auditStatus === 0)).toBe(true);
        expect(has((t) => t.status === 'waitDefine' && t.auditStatus === 2)).toBe(true);
        expect(has((t) => t.status === 'executeing')).toBe(true);
        const focusIds = new Set(focus.map((t) => t.id));
        expect(rows.flatMap((r) => r.reports).some((r) => r.status === 'reviewing' && focusIds.has(r.taskId))).toBe(
          true,
        );
      }
    });
  }
});

describe('fitting the report count', () => {
  const task = (periods: string[]): TaskPlan =>
    ({
      id: 1,
      times: { created: new Date('2026-01-01'), passed: new Date('2026-01-02') },
      reports: periods.map((p, i) => ({
        id: 0,
        kind: 'process',
        periodKey: p,
        content: p,
        progress: 10,
        submittedAt: new Date(`2026-0${i + 2}-27T10:00:00`),
        submitterId: 'u',
        audit: { result: 'pass', reason: null, auditorId: 'a', at: new Date(`2026-0${i + 2}-28T10:00:00`) },
      })),
    }) as unknown as TaskPlan;

  it('drops reported months when there are too many', () => {
    const tasks = [task(['2026-01', '2026-02', '2026-03', '2026-04'])];
    expect(fitReportCount(tasks, 2, new Random(1))).toBe(2);
    expect(tasks[0]!.reports).toHaveLength(2);
  });

  it('adds rejected first attempts when there are too few', () => {
    const tasks = [task(['2026-01', '2026-02', '2026-03'])];
    expect(fitReportCount(tasks, 5, new Random(1))).toBe(5);
    expect(tasks[0]!.reports.filter((r) => r.audit?.result === 'reject')).toHaveLength(2);
  });
});
