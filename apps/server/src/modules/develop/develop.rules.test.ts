import { describe, expect, it } from 'vitest';
import { assembleOverview, progressOf } from './develop.rules';

const read = {
  targets: [
    { id: 1, name: '目标一', year: 2025, bmmc: '质管办' },
    { id: 2, name: '目标二', year: 2026, bmmc: '质管办' },
  ],
  leaves: [
    { yearTargetId: 1, bmid: 'D02', bmmc: '教务处', total: 2, completed: 1, progressSum: 150 },
    { yearTargetId: 2, bmid: 'D02', bmmc: '教务处', total: 1, completed: 0, progressSum: 30 },
    { yearTargetId: 2, bmid: 'D07', bmmc: '信息工程学院', total: 3, completed: 3, progressSum: 300 },
  ],
  tasks: [
    { id: 10, yearTargetId: 1, rwmc: '甲', bmid: 'D02', bmmc: '教务处', rwzt: 'executeing', rwjd: 75 },
    { id: 20, yearTargetId: 2, rwmc: '乙', bmid: 'D07', bmmc: '信息工程学院', rwzt: 'hasDone', rwjd: 100 },
  ],
  links: [
    { taskId: 20, nodeId: 5 },
    { taskId: 20, nodeId: 6 },
  ],
};
const qcp = { id: 5, name: '就业质量', dimensionName: '计分卡', systemId: 1, systemName: '专业标准', figures: null };

describe('发展中心 assembly', () => {
  it('sums figures and averages progress over the tasks', () => {
    expect(progressOf([])).toEqual({ total: 0, completed: 0, avgProgress: 0 });
    expect(progressOf(read.leaves)).toEqual({ total: 6, completed: 4, avgProgress: 80 });
  });

  it('gives every year of the range, targets with their figures and tasks with the live QCPs they serve', () => {
    const o = assembleOverview(read, new Map([[5, qcp]]), { startYear: 2024, endYear: 2026 });
    expect(o.years.map((y) => [y.year, y.total, y.completed, y.avgProgress, y.targets.length])).toEqual([
      [2024, 0, 0, 0, 0],
      [2025, 2, 1, 75, 1],
      [2026, 4, 3, 82.5, 1],
    ]);
    const task = o.years[2]!.targets[0]!.tasks[0]!;
    expect(task).toMatchObject({ id: 20, rwztmc: '已完成' });
    // Node 6 is no live QCP any more (not in the map): not shown.
    expect(task.qcps).toEqual([qcp]);
    expect(o.byDepartment.map((d) => [d.year, d.bmid, d.avgProgress])).toEqual([
      [2025, 'D02', 75],
      [2026, 'D02', 30],
      [2026, 'D07', 100],
    ]);
    expect(o.departments).toEqual([
      { bmid: 'D02', bmmc: '教务处' },
      { bmid: 'D07', bmmc: '信息工程学院' },
    ]);
  });

  it('filters by department: its tasks and figures, targets without them left out, the choices whole', () => {
    const o = assembleOverview(read, new Map(), { startYear: 2025, endYear: 2026, bmid: 'D07' });
    expect(o.years[0]!.targets).toEqual([]);
    expect(o.years[1]!.targets[0]).toMatchObject({ id: 2, total: 3, completed: 3 });
    expect(o.byDepartment.map((d) => d.bmid)).toEqual(['D07']);
    expect(o.departments).toHaveLength(2);
  });
});
