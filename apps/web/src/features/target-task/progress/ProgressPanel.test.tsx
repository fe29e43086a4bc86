import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Period, PROGRESS_MSG, type Report } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/attachments';
import { failed, loginRecord, mockApi, ok } from '../../../test/fixtures';
import { ProgressPanel } from './ProgressPanel';

const N = '/api/herm-ndwbs';
const owner = { ...loginRecord, userId: 'rwfzr01', userName: '张伟', roleIdList: ['targetTaskOwner'] };
const auditor = { ...loginRecord, userId: 'shr01', userName: '赵敏', roleIdList: ['targetDepartAuditor'] };
const task = { id: 7, rwmc: '课程建设', rwzt: 'executeing', ownerId: 'rwfzr01', jssj: '2026-03-31' };

const period = (key: string, over: Partial<Period> = {}): Period => ({
  key,
  label: `${key.replace('2026-0', '2026年')}月`,
  start: `${key}-01`,
  deadline: `${key}-28`,
  schedule: 'unstart',
  audited: false,
  shzt: '0',
  reportId: null,
  reportStatus: null,
  ...over,
});
const report = (over: Partial<Report> = {}): Report => ({
  id: 31,
  taskId: 7,
  periodKey: '2026-01',
  kind: 'process',
  content: '完成三门课程',
  progress: 30,
  status: 'reviewing',
  reason: null,
  submitterId: 'rwfzr01',
  submitterName: '张伟',
  submittedAt: '2026-02-01T02:00:00.000Z',
  auditorName: null,
  auditedAt: null,
  fileCount: 1,
  version: 1,
  abilities: { audit: false, edit: true, withdraw: true, resubmit: false },
  ...over,
});

function api(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [`${N}/scheduleAuditing/periods`]: () =>
      ok([
        period('2026-01', { schedule: 'finish', shzt: '2', reportStatus: 'pass', reportId: 30 }),
        period('2026-02', { schedule: 'block', shzt: '2', reportStatus: 'reject', reportId: 31 }),
        period('2026-03', { schedule: 'normal', shzt: '1', reportStatus: 'reviewing', reportId: 32 }),
      ]),
    [`${N}/scheduleAuditing/select`]: () => ok([report()]),
    [`${N}/delayAuditing/select`]: () => ok([]),
    ...over,
  });
}

describe('ProgressPanel', { timeout: 20_000 }, () => {
  it('draws a circle per period: the schedule colour, filled once audited', async () => {
    api();
    renderUi(<ProgressPanel task={task} />, owner);
    const first = await screen.findByTestId('period-2026-01');
    const circle = (id: string) => screen.getByTestId(id).querySelector('.zg-schedule-circle') as HTMLElement;
    expect(first.dataset.schedule).toBe('finish');
    expect(circle('period-2026-01').dataset.filled).toBe('true');
    expect(circle('period-2026-01').style.borderColor).toBe('rgb(82, 196, 26)');
    expect(circle('period-2026-02').style.borderColor).toBe('rgb(250, 173, 20)');
    expect(circle('period-2026-03').dataset.filled).toBe('false');
    expect(circle('period-2026-03').style.background).toBe('transparent');
  });

  it('lets the owner submit a process report for the period behind', async () => {
    const sent: unknown[] = [];
    api({
      [`${N}/scheduleAuditing/insert`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok({ id: 40 }, PROGRESS_MSG.submitted);
      },
    });
    renderUi(<ProgressPanel task={task} />, owner);
    fireEvent.click(await screen.findByRole('button', { name: '提交过程报告' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('2026年2月');
    fireEvent.change(within(dialog).getByLabelText('进度说明'), { target: { value: '补交二月进度' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(PROGRESS_MSG.submitted)).toBeTruthy();
    expect(sent[0]).toMatchObject({
      taskId: 7,
      kind: 'process',
      periodKey: '2026-02',
      content: '补交二月进度',
      fileIds: [],
    });
  });

  it('offers 重新提交 on the report the server says may be reported again, with its period chosen', async () => {
    const sent: unknown[] = [];
    const rejected = { audit: false, edit: false, withdraw: false, resubmit: true };
    api({
      [`${N}/scheduleAuditing/select`]: () =>
        ok([
          report({ id: 32, periodKey: '2026-03' }),
          report({
            id: 31,
            periodKey: '2026-02',
            content: '二月进度',
            status: 'reject',
            reason: '缺少佐证',
            abilities: rejected,
          }),
          report({
            id: 30,
            periodKey: '2026-01',
            content: '一月进度',
            status: 'pass',
            abilities: { ...rejected, resubmit: false },
          }),
        ]),
      [`${N}/scheduleAuditing/insert`]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return ok({ id: 41 }, PROGRESS_MSG.submitted);
      },
    });
    renderUi(<ProgressPanel task={task} />, owner);
    const [button, ...more] = await screen.findAllByRole('button', { name: '重新提交' });
    expect(more).toHaveLength(0);
    expect(button?.closest('tr')?.textContent).toContain('缺少佐证');
    fireEvent.click(button as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('2026年2月');
    fireEvent.change(within(dialog).getByLabelText('进度说明'), { target: { value: '补充佐证' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(PROGRESS_MSG.submitted)).toBeTruthy();
    expect(sent[0]).toMatchObject({ taskId: 7, kind: 'process', periodKey: '2026-02', content: '补充佐证' });
  });

  it('shows the server refusal in Chinese', async () => {
    api({
      [`${N}/scheduleAuditing/insert`]: () => failed(409, PROGRESS_MSG.finalUnderReview),
    });
    renderUi(<ProgressPanel task={task} />, owner);
    fireEvent.click(await screen.findByRole('button', { name: '提交结果报告' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('进度说明'), { target: { value: '全部完成' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(PROGRESS_MSG.finalUnderReview)).toBeTruthy();
  });

  it('asks the auditor for a reason before a rejection goes out', async () => {
    const sent: string[] = [];
    api({
      [`${N}/scheduleAuditing/select`]: () =>
        ok([report({ abilities: { audit: true, edit: false, withdraw: false, resubmit: false } })]),
      [`${N}/scheduleAuditing/audit`]: (init) => {
        sent.push(String(init.body));
        return ok(null, PROGRESS_MSG.audited);
      },
    });
    renderUi(<ProgressPanel task={task} />, auditor);
    expect(screen.queryByRole('button', { name: '提交过程报告' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /审\s*核/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('驳回'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(PROGRESS_MSG.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '缺少佐证' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = new URLSearchParams(sent[0]);
    expect([body.get('id'), body.get('version'), body.get('result'), body.get('reason')]).toEqual([
      '31',
      '1',
      'reject',
      '缺少佐证',
    ]);
  });
});
