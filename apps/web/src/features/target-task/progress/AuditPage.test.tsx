import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type LoginRecord, ROLE } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { loginRecord, mockApi, ok } from '../../../test/fixtures';
import { renderPageAs } from '../../../test/pages';
import AuditPage from './AuditPage';

vi.setConfig({ testTimeout: 20_000 });

const N = '/api/herm-ndwbs';
const auditor: LoginRecord = { ...loginRecord, userId: 'shr01', roleIdList: [ROLE.targetDepartAuditor] };
const empty = () => ok({ records: [], total: 0, current: 1, pages: 0, size: 10 });
const delay = {
  id: 5,
  taskId: 1,
  oldEndDate: '2026-12-31',
  newEndDate: '2027-03-31',
  reason: '设备未到货',
  status: 'reviewing',
  auditReason: null,
  requesterName: '张伟',
  requestedAt: '2026-01-20T02:00:00.000Z',
  auditorName: null,
  auditedAt: null,
  canAudit: true,
  rwmc: '实训基地建设',
  fbbm: '教务处',
  fzrmc: '张伟',
};

describe('进度审核 opened from the home page 待办', () => {
  it('opens the tab, state and year its URL names and asks for exactly that queue', async () => {
    const fetchMock = mockApi({
      [`${N}/scheduleAuditing/selectPage`]: empty,
      [`${N}/delayAuditing/selectPage`]: () => ok({ records: [delay], total: 1, current: 1, pages: 1, size: 10 }),
    });
    const asked = (path: string) =>
      fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === path);
    renderPageAs(<AuditPage />, auditor, '/newTaskManagement/progressAudit?tab=delays&status=reviewing&year=2026');
    expect(await screen.findByText('实训基地建设')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '延期审核' }).getAttribute('aria-selected')).toBe('true');
    const delays = asked(`${N}/delayAuditing/selectPage`)[0]?.searchParams;
    expect([delays?.get('status'), delays?.get('year')]).toEqual(['reviewing', '2026']);
    expect((screen.getByRole('combobox', { name: '任务年份' }) as HTMLInputElement).value).toBe('2026');

    // The other tab keeps the year.
    fireEvent.click(screen.getByRole('tab', { name: '进度审核' }));
    await waitFor(() => expect(asked(`${N}/scheduleAuditing/selectPage`)).toHaveLength(1));
    expect(asked(`${N}/scheduleAuditing/selectPage`)[0]?.searchParams.get('year')).toBe('2026');
  });

  it('shows every year and the reports awaiting audit without a query', async () => {
    const fetchMock = mockApi({ [`${N}/scheduleAuditing/selectPage`]: empty });
    renderPageAs(<AuditPage />, auditor);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe(`${N}/scheduleAuditing/selectPage`);
    expect([url.searchParams.get('status'), url.searchParams.has('year')]).toEqual(['reviewing', false]);
  });
});
