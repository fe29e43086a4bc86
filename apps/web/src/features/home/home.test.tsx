import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LoginRecord, School } from '@zg/contract';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { Providers } from '../../app/Providers';
import { QueryBoundary } from '../../components/QueryBoundary';
import { loginRecord, mockApi, ok, profile } from '../../test/fixtures';
import { freshQueryClient } from '../../test/render';
import { WithRouteTable } from '../../test/route-table';
import HomePage from './HomePage';
import { todosFor } from './TodoCard';

const SCHOOLS: School[] = [
  {
    schoolCode: 'S1',
    schoolName: '深圳职业技术大学',
    schoolProvince: '广东',
    schoolNature: '公办',
    schoolLevel: '职业本科',
  },
  {
    schoolCode: 'S2',
    schoolName: '金华职业技术大学',
    schoolProvince: '浙江',
    schoolNature: '公办',
    schoolLevel: '职业本科',
  },
  {
    schoolCode: 'S3',
    schoolName: '泉州职业技术大学',
    schoolProvince: '福建',
    schoolNature: '民办',
    schoolLevel: '职业本科',
  },
];

function homeApi() {
  let benchmark: School[] = [];
  const asked: URL[] = [];
  const fetchMock = mockApi({
    '/api/user/appConfig': () => ok({ version: 'V3.5', featureFlags: ['newTaskManagement'], casEnabled: false }),
    '/api/user/personalInfo': () => ok(profile),
    '/api/herm-wbs/targetTask/selectPage': (_i, url) => {
      asked.push(url);
      const total = { waitAccept: 2, executeing: 5 }[url.searchParams.get('rwzt') ?? ''] ?? 0;
      return ok({ records: [], total, current: 1, pages: 1, size: 1 });
    },
    '/api/herm-ndwbs/Task/getWarningCountList': () =>
      ok({ totalWarningCount: 7, processWarningCount: 4, expiredWarningCount: 3, processMap: {}, delayMap: {} }),
    '/api/herm-ndwbs/Task/getPersonalWarningCountList': () =>
      ok({ totalWarningCount: 1, processWarningCount: 1, expiredWarningCount: 0, processMap: {}, delayMap: {} }),
    '/api/user/school/benchmark': () => ok(benchmark),
    '/api/user/school/benchmark/update': (init) => {
      const codes: string[] = JSON.parse(String(init.body)).schoolCodes;
      benchmark = codes.map((c) => SCHOOLS.find((s) => s.schoolCode === c) as School);
      return ok(benchmark, '保存成功');
    },
    '/api/user/school/list': () => ok({ list: SCHOOLS, total: SCHOOLS.length, pageNum: 1, pageSize: 1000 }),
    '/api/user/school/options': () => ok({ levels: ['职业本科'], natures: ['公办', '民办'], provinces: ['广东'] }),
    '/api/user/school/selected': () => ok({ schoolLevel: [], schoolNature: [], schoolProvince: [], state: true }),
  });
  return { fetchMock, asked };
}

function renderHome(record: LoginRecord) {
  setLoginRecord(record);
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <WithRouteTable>
          <MemoryRouter initialEntries={['/index']}>
            <Routes>
              <Route path="/index" element={<HomePage />} />
            </Routes>
          </MemoryRouter>
        </WithRouteTable>
      </QueryBoundary>
    </Providers>,
  );
}

const calledPaths = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);

describe('todosFor', () => {
  it("adds the department's tasks to break down for a department head", () => {
    expect(todosFor(false).map((t) => t.label)).toEqual([
      '待我接收',
      '待我定义',
      '我执行中',
      '我逾期未完成',
      '待我审核',
    ]);
    expect(todosFor(true).at(-1)).toMatchObject({ kind: 'departmentTask', rwzt: 'waitResolve', label: '部门待分解' });
  });
});

describe('HomePage', { timeout: 30_000 }, () => {
  it('counts what the user can act on now, by year, and the warnings its menus grant', async () => {
    const { fetchMock, asked } = homeApi();
    renderHome({
      ...loginRecord,
      menus: { homePage: '', wbs: '', annualWbs: '', annualWbsPersonal: '' },
    });
    const todo = (await screen.findByText('待办事项')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(todo).getByText('5')).toBeTruthy());
    expect(within(todo).getByText('待我接收')).toBeTruthy();
    expect(asked.map((u) => [u.searchParams.get('kind'), u.searchParams.get('rwzt')])).toEqual(
      expect.arrayContaining([
        ['myTask', 'waitAccept'],
        ['reviewTask', null],
      ]),
    );
    expect(asked.every((u) => u.searchParams.get('size') === '1' && !u.searchParams.has('year'))).toBe(true);

    const warnings = screen.getByText('任务预警').closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(warnings).getByText('7')).toBeTruthy());
    expect(within(warnings).getByText('我的任务')).toBeTruthy();
    // No department menu: no department counts.
    expect(calledPaths(fetchMock)).not.toContain('/api/herm-ndwbs/Task/getDepartmentWarningCountList');

    fireEvent.click(within(todo).getByRole('combobox', { name: '任务年份' }));
    fireEvent.click(await screen.findByRole('button', { name: '2019' }));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('year') === '2019')).toBe(true));
  });

  it('loads no task data without the task menus, and leads to the dashboard the bar hides', async () => {
    const { fetchMock } = homeApi();
    renderHome({ ...loginRecord, menus: { homePage: '' } });
    expect(await screen.findByText('对标院校')).toBeTruthy();
    const entries = screen.getByText('功能入口').closest('.ant-card') as HTMLElement;
    expect(await within(entries).findByRole('button', { name: /仪表盘自定义/ })).toBeTruthy();
    expect(screen.queryByText('待办事项')).toBeNull();
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/user/school/benchmark'));
    expect(calledPaths(fetchMock).some((p) => p.startsWith('/api/herm-wbs'))).toBe(false);
  });

  it('chooses benchmark schools in the school modal and shows the saved ones', async () => {
    homeApi();
    renderHome({ ...loginRecord, menus: { homePage: '' } });
    const card = (await screen.findByText('对标院校')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('尚未选择对标院校，选择后可在这里快速查看')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '选择对标院校' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择金华职业技术大学' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择泉州职业技术大学' }));
    expect(screen.getByText('最少选择 1 所，最多选择 10 所')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getByText('保存成功')).toBeTruthy());
    await waitFor(() => expect(within(card).getByText('金华职业技术大学')).toBeTruthy());
    expect(within(card).getByText('泉州职业技术大学')).toBeTruthy();
    expect(within(card).getByRole('button', { name: '调整对标院校' })).toBeTruthy();
  });
});
