import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROGRESS_MSG, PROGRESS_TEXT, type TaskCard } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { loginRecord, mockApi, ok } from '../../../test/fixtures';
import FocusTaskPage from './FocusTaskPage';

const F = '/api/herm-zdgj/rest/focus';
const owner = { ...loginRecord, userId: 'rwfzr01', userName: '张伟', roleIdList: ['targetTaskOwner'] };

const card = (id: number): TaskCard => ({
  id,
  yearTargetId: 1,
  yearTargetName: '2026年度目标',
  parentId: null,
  rwmc: `关注任务${id}`,
  rwzt: 'executeing',
  rwztmc: '执行中',
  kssj: '2026-01-01',
  jssj: '2026-06-30',
  jkrmc: '赵敏',
  zqz: '',
  rwnf: '2026',
  cjrmc: '李明',
  rwlx: 'B',
  fbbm: '教务处',
  departmentId: 'D02',
  fzrmc: '张伟',
  ownerId: 'rwfzr01',
  rwjd: 40,
  weight: 0,
  auditStatus: 1,
  auditReason: null,
  isLeaf: true,
  version: 6,
  processWarningCount: id === 1 ? 1 : 0,
  expiredWarningCount: 0,
  abilities: {},
});

/** A server that pages the followed tasks ten at a time and forgets the ones unfollowed. */
function followServer(ids: number[]) {
  const followed = [...ids];
  const asked: string[] = [];
  const unfollowed: unknown[] = [];
  mockApi({
    [`${F}/page`]: (_init, url) => {
      const current = Number(url.searchParams.get('current'));
      const size = Number(url.searchParams.get('size'));
      asked.push(`${current}/${size}`);
      const records = followed.slice((current - 1) * size, current * size).map(card);
      return ok({
        records,
        total: followed.length,
        current,
        size,
        pages: Math.max(1, Math.ceil(followed.length / size)),
      });
    },
    [`${F}/focus`]: (init) => {
      const body = new URLSearchParams(String(init.body));
      unfollowed.push({ taskId: body.get('taskId'), focus: body.get('focus') });
      const at = followed.indexOf(Number(body.get('taskId')));
      if (at >= 0) followed.splice(at, 1);
      return ok({ taskIds: followed }, PROGRESS_MSG.unfocused);
    },
  });
  return { asked, unfollowed };
}

describe('FocusTaskPage (我的关注)', { timeout: 20_000 }, () => {
  it('pages the followed tasks with the spec total text and quick jumper, and unfollows one', async () => {
    const server = followServer(Array.from({ length: 12 }, (_, i) => i + 1));
    renderUi(<FocusTaskPage />, owner);
    expect(await screen.findByText('关注任务1')).toBeTruthy();
    expect(screen.getByText('当前页10条，共12条')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeNull();
    expect(screen.getAllByText('2026-01-01 ~ 2026-06-30')).toHaveLength(10);

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('关注任务12')).toBeTruthy();
    expect(screen.getByText('当前页2条，共12条')).toBeTruthy();
    expect(server.asked).toContain('2/10');

    const row = screen.getByText('关注任务12').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: PROGRESS_TEXT.unfocus }));
    expect(await screen.findByText(PROGRESS_MSG.unfocused)).toBeTruthy();
    expect(server.unfollowed).toEqual([{ taskId: '12', focus: 'false' }]);
    await waitFor(() => expect(screen.queryByText('关注任务12')).toBeNull());
    expect(screen.getByText('当前页1条，共11条')).toBeTruthy();
  });

  it('goes back a page when the only task of the last page is unfollowed', async () => {
    followServer(Array.from({ length: 11 }, (_, i) => i + 1));
    renderUi(<FocusTaskPage />, owner);
    expect(await screen.findByText('关注任务1')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    const row = (await screen.findByText('关注任务11')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: PROGRESS_TEXT.unfocus }));
    expect(await screen.findByText('关注任务1')).toBeTruthy();
    expect(await screen.findByText('当前页10条，共10条')).toBeTruthy();
  });

  it('says how to follow a task when none is followed', async () => {
    followServer([]);
    renderUi(<FocusTaskPage />, owner);
    expect(await screen.findByText(PROGRESS_TEXT.noFocusTasks)).toBeTruthy();
  });

  it('opens a task from its name when the page offers a detail', async () => {
    followServer([3]);
    const opened: number[] = [];
    renderUi(<FocusTaskPage onOpenTask={(t) => opened.push(t.id)} />, owner);
    fireEvent.click(await screen.findByRole('button', { name: '关注任务3' }));
    expect(opened).toEqual([3]);
  });
});
