import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FillState } from '@zg/contract';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { stubXhr } from '../../../test/attachments';
import { failed, loginRecord, ok } from '../../../test/fixtures';
import { btn, modalWith, renderPageAs, stubApi } from '../../../test/pages';
import { FillTasksPanel } from './FillTasksPanel';

const S = '/api/herm-sjcj';

const abilities = (on: string[]) =>
  Object.fromEntries(['save', 'commit', 'withdraw', 'pass', 'reject', 'rollback'].map((a) => [a, on.includes(a)]));

const fillTask = (over: { state?: FillState; abilities?: string[]; opinion?: string | null } = {}) => ({
  id: 5,
  taskId: 2,
  taskName: '2026年教师企业实践采集',
  formName: '教师企业实践',
  cycle: '2026',
  deadline: '2026-12-31',
  closed: false,
  assigneeId: null,
  departmentId: 'D01',
  assigneeName: '机电工程学院',
  auditorId: 'zgfb01',
  state: over.state ?? 'uncommitted',
  opinion: over.opinion ?? null,
  synced: false,
  abilities: abilities(over.abilities ?? ['save', 'commit']),
});

const field = (name: string, label: string, over: Record<string, unknown> = {}) => ({
  fieldId: name.length,
  name,
  label,
  kind: 'text',
  required: false,
  unique: false,
  constantTypeId: null,
  min: null,
  max: null,
  decimals: null,
  defaultValue: null,
  ...over,
});
const fields = [
  field('gh', '工号', { required: true, unique: true }),
  field('ts', '天数', { fieldId: 9, kind: 'number', min: 1, max: 365, decimals: 0 }),
  field('lx', '实践类型', { fieldId: 11, kind: 'select', constantTypeId: 7 }),
];
const constants = [
  { id: 1, typeId: 7, value: 'gd', label: '跟岗实践', sortOrder: 1 },
  { id: 2, typeId: 7, value: 'dg', label: '顶岗实践', sortOrder: 2 },
];

function render(scope: 'mine' | 'audit', url: string) {
  const base = `/dataCollection/${scope === 'mine' ? 'fill' : 'audit'}`;
  return renderPageAs(
    <Routes>
      <Route path={`${base}/*`} element={<FillTasksPanel scope={scope} base={base} />} />
    </Routes>,
    loginRecord,
    url,
  );
}

const jsonOf = (init: RequestInit) => JSON.parse(String(init.body ?? '{}'));

describe('我的填报', () => {
  it('counts the fill tasks by state and filters by one', async () => {
    const api = stubApi({
      [`${S}/fillTasks/counts`]: () => ok({ uncommitted: 1, waitAudit: 2, finished: 0 }),
      [`${S}/fillTasks/list`]: (_i, url) => ok(url.searchParams.get('state') === 'waitAudit' ? [] : [fillTask()]),
    });
    render('mine', '/dataCollection/fill');
    expect(await screen.findByText('2026年教师企业实践采集')).toBeTruthy();
    expect(screen.getByText('全部 3')).toBeTruthy();
    expect(screen.getByText('待审核 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: '填报2026年教师企业实践采集（机电工程学院）' })).toBeTruthy();
    fireEvent.click(screen.getByText('待审核 2'));
    expect(await screen.findByText('暂无填报任务')).toBeTruthy();
    expect(api.calls(`${S}/fillTasks/list`).at(-1)?.searchParams.get('state')).toBe('waitAudit');
  });

  it('fills the grid: a message per cell, paste from Excel, draft saved, the server refusal on its cell, commit', async () => {
    const saved: unknown[][] = [];
    let refuse = true;
    stubApi({
      [`${S}/fillTasks/list`]: () => ok([fillTask()]),
      [`${S}/datas/queryDatasByParam`]: () =>
        ok({ tableType: 'floating', fields, rows: [{ gh: 'T01', ts: '3', lx: 'gd' }] }),
      [`${S}/constants/list`]: () => ok(constants),
      [`${S}/datas/updateOrInsert`]: (init) => {
        const rows = jsonOf(init).rows;
        saved.push(rows);
        if (refuse && rows.length === 3) return failed(400, '第 3 行“工号”：不能超过6个字符');
        return ok({ tableType: 'floating', fields, rows });
      },
      [`${S}/fillTasks/5/commit`]: () => ok(fillTask({ state: 'waitAudit', abilities: ['withdraw'] }), '提交成功'),
    });
    render('mine', '/dataCollection/fill/5');
    const days = (await screen.findByLabelText('第 1 行天数')) as HTMLInputElement;
    expect(days.value).toBe('3');
    // A number out of range: the message under the cell, nothing saved.
    fireEvent.change(days, { target: { value: '400' } });
    expect(await screen.findByText('不能大于 365')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('有 1 处需要修正，修正后自动保存');
    fireEvent.change(days, { target: { value: '5' } });
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 });
    expect(saved[0]).toEqual([{ gh: 'T01', ts: '5', lx: 'gd' }]);
    expect(await screen.findByText('草稿已保存')).toBeTruthy();

    // Two rows pasted from Excel below the first: the grid grows, labels become values.
    const secondRow = screen.getByLabelText('第 1 行工号');
    fireEvent.click(btn('新增行'));
    const gh2 = await screen.findByLabelText('第 2 行工号');
    fireEvent.paste(gh2, {
      clipboardData: { getData: () => 'T02\t10\t顶岗实践\r\nT0300000\t12\t跟岗实践\r\n' },
    });
    expect(((await screen.findByLabelText('第 3 行工号')) as HTMLInputElement).value).toBe('T0300000');
    expect(secondRow).toBeTruthy();
    // The server refuses the third row's 工号: its message goes under that cell.
    await waitFor(() => expect(saved).toHaveLength(2), { timeout: 3000 });
    expect(saved[1]).toEqual([
      { gh: 'T01', ts: '5', lx: 'gd' },
      { gh: 'T02', ts: '10', lx: 'dg' },
      { gh: 'T0300000', ts: '12', lx: 'gd' },
    ]);
    const third = (await screen.findByText('不能超过6个字符')).closest('[data-cell]') as HTMLElement;
    expect(third.dataset.cell).toBe('2:0');
    refuse = false;
    fireEvent.change(screen.getByLabelText('第 3 行工号'), { target: { value: 'T03' } });
    await waitFor(() => expect(saved).toHaveLength(3), { timeout: 3000 });
    expect(screen.queryByText('不能超过6个字符')).toBeNull();

    // Keyboard: Enter moves down, Tab right.
    const gh1 = screen.getByLabelText('第 1 行工号');
    gh1.focus();
    fireEvent.keyDown(gh1, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('第 2 行工号'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('第 2 行天数'));

    fireEvent.click(btn('提交'));
    fireEvent.click(within(modalWith('提交后将等待审核')).getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
  });

  it('keeps a fixed table to one row and shows a refused import row by row', async () => {
    stubApi({
      [`${S}/fillTasks/list`]: () => ok([fillTask()]),
      [`${S}/datas/queryDatasByParam`]: () => ok({ tableType: 'fixed', fields, rows: [] }),
      [`${S}/constants/list`]: () => ok(constants),
    });
    stubXhr(() =>
      failed(400, '导入失败，共2处错误，未导入任何数据：第3行「工号」：不能为空；第4行「天数」：不能大于 365（“400”）'),
    );
    render('mine', '/dataCollection/fill/5');
    expect(await screen.findByLabelText('第 1 行工号')).toBeTruthy();
    // A fixed table has one row: no 新增行.
    expect(screen.queryByText('新增行')).toBeNull();
    fireEvent.click(btn('导入'));
    const file = new File(['x'], '填报.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(await screen.findByTestId('single-file-input'), { target: { files: [file] } });
    fireEvent.click(btn('确定'));
    const report = await screen.findByRole('table', { name: '导入失败' });
    expect(screen.getByText('导入失败，共2处错误，未导入任何数据')).toBeTruthy();
    const rows = within(report)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['第 3 行工号不能为空—', '第 4 行天数不能大于 365400']);
  });
});

describe('审核', () => {
  it('reads the rows, refuses a rejection without a reason and rejects with one', async () => {
    let audited: unknown = null;
    stubApi({
      [`${S}/fillTasks/counts`]: () => ok({ uncommitted: 0, waitAudit: 1, finished: 0 }),
      [`${S}/fillTasks/list`]: () => ok([fillTask({ state: 'waitAudit', abilities: ['pass', 'reject'] })]),
      [`${S}/datas/queryDatasByParam`]: () =>
        ok({ tableType: 'floating', fields, rows: [{ gh: 'T01', ts: 3, lx: 'dg' }] }),
      [`${S}/constants/list`]: () => ok(constants),
      [`${S}/fillTasks/5/audit`]: (init) => {
        audited = jsonOf(init);
        return ok(fillTask({ state: 'uncommitted', abilities: [], opinion: '天数有误' }));
      },
    });
    render('audit', '/dataCollection/audit');
    fireEvent.click(await screen.findByRole('button', { name: '审核2026年教师企业实践采集（机电工程学院）' }));
    expect(await screen.findByText('顶岗实践')).toBeTruthy();
    expect(screen.queryByLabelText('第 1 行工号')).toBeNull();
    fireEvent.click(btn('退回'));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    });
    expect(await within(dialog).findByText('请填写退回原因')).toBeTruthy();
    expect(audited).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('退回原因'), { target: { value: '天数有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    await waitFor(() => expect(audited).toEqual({ pass: false, opinion: '天数有误' }));
    expect(await screen.findByText('已退回')).toBeTruthy();
  });
});
