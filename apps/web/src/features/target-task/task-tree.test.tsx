import { screen, within } from '@testing-library/react';
import { TASK_UI as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/attachments';
import { mockApi, ok } from '../../test/fixtures';
import { taskCard } from '../../test/target-task-data';
import { TaskTree } from './components/TaskTree';

describe('树形视图', () => {
  it('writes out the progress of every task, the finished ones (100%) included', async () => {
    mockApi({
      '/api/herm-wbs/targetTask/tree': () =>
        ok([
          taskCard({ id: 1, rwmc: '课程思政示范课建设', rwzt: 'hasDone', rwztmc: '已完成', rwjd: 100, isLeaf: false }),
          taskCard({ id: 2, parentId: 1, rwmc: '首批示范课', rwzt: 'delayDone', rwztmc: '逾期完成', rwjd: 100 }),
          taskCard({ id: 3, parentId: 1, rwmc: '第二批示范课', rwzt: 'executeing', rwztmc: '执行中', rwjd: 40 }),
        ]),
    });
    renderUi(<TaskTree yearTargetId={10} onCommand={() => {}} />);
    const tree = await screen.findByRole('tree', { name: T.treeView });
    await within(tree).findByText('首批示范课');
    const bars = within(tree).getAllByRole('progressbar', { name: T.rwjd });
    expect(bars.map((b) => b.closest('.ant-progress')?.textContent)).toEqual(['100%', '100%', '40%']);
  });
});
