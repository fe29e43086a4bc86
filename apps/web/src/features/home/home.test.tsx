import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type LoginRecord, ROLE, type School, type TodoCounts } from '@zg/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setLoginRecord } from '../../api/session';
import { Providers } from '../../app/Providers';
import { QueryBoundary } from '../../components/QueryBoundary';
import { loginRecord, mockApi, ok, profile } from '../../test/fixtures';
import { freshQueryClient } from '../../test/render';
import { WithRouteTable } from '../../test/route-table';
import HomePage from './HomePage';

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

/** What the server counts for a user who heads a department, audits and owns tasks (by year: 2019 has fewer). */
const ALL_ROLES: TodoCounts = {
  roles: { head: true, auditor: true, owner: true },
  departmentAccept: 2,
  departmentResolve: 3,
  reportAudit: 4,
  delayAudit: 1,
  definitionAudit: 6,
  myDefine: 7,
  myAccept: 8,
  myExecuting: 9,
  myOverdue: 11,
};
const OWNER_ONLY: TodoCounts = {
  ...ALL_ROLES,
  roles: { head: false, auditor: false, owner: true },
  departmentAccept: null,
  departmentResolve: null,
  reportAudit: null,
  delayAudit: null,
  definitionAudit: null,
};

function homeApi(
  todo: (year: string | null) => TodoCounts = () => ALL_ROLES,
  diagnosis: { toSubmit: number | null; toAudit: number | null } = { toSubmit: null, toAudit: null },
) {
  let benchmark: School[] = [];
  const asked: URL[] = [];
  const fetchMock = mockApi({
    '/api/user/appConfig': () => ok({ version: 'V3.5', featureFlags: ['newTaskManagement'], casEnabled: false }),
    '/api/user/personalInfo': () => ok(profile),
    '/api/herm-zdgj/rest/obj/todo': () => ok(diagnosis),
    '/api/herm-wbs/todo/counts': (_i, url) => {
      asked.push(url);
      return ok(todo(url.searchParams.get('year')));
    },
    '/api/herm-ndwbs/Task/getWarningCountList': () =>
      ok({ totalWarningCount: 7, processWarningCount: 4, expiredWarningCount: 3, processMap: {}, delayMap: {} }),
    '/api/herm-ndwbs/Task/getDepartmentWarningCountList': () =>
      ok({ totalWarningCount: 2, processWarningCount: 2, expiredWarningCount: 0, processMap: {}, delayMap: {} }),
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

/** Where the router is: the list page a to-do tile opened, with its query. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="当前地址">{`${pathname}${search}`}</output>;
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
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </WithRouteTable>
      </QueryBoundary>
    </Providers>,
  );
}

const calledPaths = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);

/** A head of 教务处 who also audits and owns tasks, with both task menus and both catalogue entries. */
const threeRoles: LoginRecord = {
  ...loginRecord,
  userId: 'bmfzr01',
  userName: '王建国',
  roles: [{ roleId: ROLE.targetDepartHead, roleName: '部门负责人' }],
  roleIdList: [ROLE.targetDepartHead, ROLE.targetDepartAuditor, ROLE.targetTaskOwner],
  roleNameList: ['部门负责人'],
  menus: { homePage: '', wbs: '', annualWbs: '', annualWbsPersonal: '', annualWbsDepartment: '' },
  newChargeDeparmentIdList: ['D02'],
  newChargeDeparmentList: [{ bmid: 'D02', bmmc: '教务处', fzrmc: '王建国' }],
};

const todoCard = async () => (await screen.findByText('待办事项')).closest('.ant-card') as HTMLElement;
const tile = (card: HTMLElement, label: string) =>
  within(card).getByText(label).closest('.zg-home__todo-item') as HTMLElement;

describe('HomePage', { timeout: 30_000 }, () => {
  it("shows the server's count of every to-do of every role the user holds, in one request", async () => {
    const { fetchMock, asked } = homeApi();
    renderHome(threeRoles);
    const todo = await todoCard();
    const expected: [string, string][] = [
      ['部门待接收', '2'],
      ['部门待分解', '3'],
      ['进度报告待审核', '4'],
      ['延期申请待审核', '1'],
      ['任务书待审核', '6'],
      ['待写任务书', '7'],
      ['待我接收', '8'],
      ['我执行中', '9'],
      ['我逾期未完成', '11'],
    ];
    for (const [label, count] of expected) {
      await waitFor(() => expect(within(tile(todo, label)).getByText(count)).toBeTruthy());
    }
    for (const role of ['我负责的部门', '待我审核', '我负责的任务']) {
      expect(within(todo).getByRole('region', { name: role })).toBeTruthy();
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.has('year')).toBe(false);
    expect(calledPaths(fetchMock)).not.toContain('/api/herm-wbs/targetTask/selectPage');

    fireEvent.click(tile(todo, '部门待接收'));
    expect((await screen.findByRole('status', { name: '当前地址' })).textContent).toBe(
      '/newTaskManagement/departmentTask?rwzt=waitAccept',
    );
  });

  it('shows the diagnosis to-dos the user has a part in, each opening the list it counted', async () => {
    const { fetchMock } = homeApi(() => OWNER_ONLY, { toSubmit: 3, toAudit: null });
    renderHome({ ...loginRecord, menus: { homePage: '', improvement: '' } });
    const card = (await screen.findByText('诊改待办')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(tile(card, '待提交目标值')).getByText('3')).toBeTruthy());
    // Not an auditor of any task: no audit tile.
    expect(within(card).queryByText('待我审核')).toBeNull();
    expect(calledPaths(fetchMock)).toContain('/api/herm-zdgj/rest/obj/todo');
    fireEvent.click(tile(card, '待提交目标值'));
    expect((await screen.findByRole('status', { name: '当前地址' })).textContent).toBe('/improvement?todo=tosubmit');
  });

  it('shows no diagnosis card to a user without 诊断改进, nor to one with no part in any task', async () => {
    const { fetchMock } = homeApi(() => OWNER_ONLY, { toSubmit: null, toAudit: null });
    const { unmount } = renderHome({ ...loginRecord, menus: { homePage: '', wbs: '' } });
    await screen.findByText('待办事项');
    expect(calledPaths(fetchMock)).not.toContain('/api/herm-zdgj/rest/obj/todo');
    unmount();
    renderHome({ ...loginRecord, menus: { homePage: '', improvement: '' } });
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/herm-zdgj/rest/obj/todo'));
    expect(screen.queryByText('诊改待办')).toBeNull();
  });

  it('shows the warning counts its menus grant', async () => {
    const { fetchMock } = homeApi(() => OWNER_ONLY);
    renderHome({ ...loginRecord, menus: { homePage: '', wbs: '', annualWbs: '', annualWbsPersonal: '' } });
    const warnings = (await screen.findByText('任务预警')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(warnings).getByText('7')).toBeTruthy());
    expect(within(warnings).getByText('我的任务')).toBeTruthy();
    // No department menu: no department counts.
    expect(calledPaths(fetchMock)).not.toContain('/api/herm-ndwbs/Task/getDepartmentWarningCountList');
  });

  it("counts the chosen year and opens that year's queue of reports to audit", async () => {
    const { asked } = homeApi((year) => (year === '2019' ? { ...ALL_ROLES, reportAudit: 5 } : ALL_ROLES));
    renderHome(threeRoles);
    const todo = await todoCard();
    await waitFor(() => expect(within(tile(todo, '进度报告待审核')).getByText('4')).toBeTruthy());
    fireEvent.click(within(todo).getByRole('combobox', { name: '任务年份' }));
    fireEvent.click(await screen.findByRole('button', { name: '2019' }));
    await waitFor(() => expect(within(tile(todo, '进度报告待审核')).getByText('5')).toBeTruthy());
    expect(asked.at(-1)?.searchParams.get('year')).toBe('2019');

    fireEvent.click(tile(todo, '进度报告待审核'));
    expect((await screen.findByRole('status', { name: '当前地址' })).textContent).toBe(
      '/newTaskManagement/progressAudit?tab=reports&status=reviewing&year=2019',
    );
  });

  it("leaves out the roles the user does not hold, and opens 目标任务管理's list without 年度目标分解", async () => {
    homeApi(() => OWNER_ONLY);
    renderHome({
      ...loginRecord,
      userId: 'rwfzr01',
      roleIdList: [ROLE.targetTaskOwner],
      menus: { homePage: '', wbs: '' },
    });
    const todo = await todoCard();
    await waitFor(() => expect(within(tile(todo, '待写任务书')).getByText('7')).toBeTruthy());
    for (const label of ['部门待接收', '部门待分解', '进度报告待审核', '延期申请待审核', '任务书待审核']) {
      expect(within(todo).queryByText(label)).toBeNull();
    }
    expect(within(todo).queryByRole('region', { name: '我负责的部门' })).toBeNull();
    fireEvent.click(tile(todo, '待写任务书'));
    expect((await screen.findByRole('status', { name: '当前地址' })).textContent).toBe(
      '/targetTaskManagement/myTask?rwzt=waitDefine&missionState=toWrite',
    );
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
