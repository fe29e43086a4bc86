import type { LoginRecord, Profile, SystemSetting } from '@zg/contract';
import { vi } from 'vitest';
import { getLoginRecord } from '../api/session';
import type { BasicInfo, Department, Role, UserType } from '../api/user';

export const loginRecord: LoginRecord = {
  userId: 'zyadmin',
  userName: '系统管理员',
  orgId: null,
  menus: { homePage: '首页', wbs: '目标任务管理', standard: '' },
  roles: [{ roleId: 'zyadmin', roleName: '系统管理员' }],
  roleIdList: ['zyadmin'],
  roleNameList: ['系统管理员'],
  qq: null,
  phone: null,
  displayPhoto: null,
  lastAccessTime: '2026-03-01T08:30:00.000Z',
  chargeDeparmentList: [],
  chargeDeparmentIdList: [],
  newChargeDeparmentList: [],
  newChargeDeparmentIdList: [],
  csrfSecret: 'ab'.repeat(32),
};

export const systemSetting: SystemSetting = { id: 1, systemName: '示范职业学院质量平台', logoAttachment: null };

type Handler = (init: RequestInit, url: URL) => { status: number; body: unknown };

/** The envelope the server sends. */
export function ok(data: unknown, message = '操作成功') {
  return { status: 200, body: { meta: { success: true, message }, data } };
}

export function failed(status: number, message: string, code?: number) {
  return { status, body: { meta: { success: false, message, ...(code === undefined ? {} : { code }) }, data: null } };
}

/**
 * What the server's policies answer the signed-in test user where a test gives no handler of its own: the abilities a
 * page asks for besides its records (data-manage.policy.ts and data-collection.policy.ts keep them for administrators
 * and the data office), so a page test need not stub them unless it is about them.
 */
export const POLICY_DEFAULTS: Record<string, Handler> = {
  '/api/herm-sjgl/abilities': () => {
    const keeps = keeper();
    return ok({ cycles: keeps, departmentVersions: keeps, dataSources: keeps, algorithms: keeps });
  },
  '/api/herm-sjcj/abilities': () => ok({ manage: keeper() }),
};
const keeper = () => !!getLoginRecord()?.roleIdList.some((r) => r === 'zyadmin' || r === 'dataOffice');

/**
 * Stubs fetch with one handler per API path (query ignored), POLICY_DEFAULTS beside them; an unknown path answers 404.
 * Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname] ?? POLICY_DEFAULTS[url.pathname];
    const { status, body } = handler ? handler(init, url) : failed(404, '请求的资源不存在');
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const roles: Role[] = [{ roleId: 'zyadmin', roleName: '系统管理员' }];
export const basicInfo: BasicInfo = {
  userId: 'zyadmin',
  userName: '系统管理员',
  orgId: null,
  newChargeDeparmentList: [],
};
export const departments: Department[] = [
  {
    departmentId: 'D02',
    departmentName: '教务处',
    chargeUserId: 'zyadmin',
    chargeUserName: '系统管理员',
    departmentChargerName: '系统管理员',
    shortNameZh: '教务处',
    shortNameEn: 'AAO',
  },
];
export const userTypes: UserType[] = [{ userTypeId: 'manager', userTypeName: '管理人员' }];

export function list<T>(items: T[]) {
  return { list: items, total: items.length, pageNum: 1, pageSize: items.length };
}

/** The calls a signed-in page makes after sign-in (spec-1 section 4), all answering, plus the system setting. */
export const profile: Profile = {
  userId: 'zyadmin',
  userName: '系统管理员',
  departmentName: null,
  email: null,
  phone: null,
  qq: null,
  sex: null,
  headPortrait: null,
  isUseDefaultAvatar: true,
  theme: null,
};

export function signedInApi(): Record<string, Handler> {
  return {
    '/api/user/systemSetting': () => ok(systemSetting),
    '/api/user/roles': () => ok(roles),
    '/api/user/basicInfo': () => ok(basicInfo),
    '/api/user/departmentList': () => ok(list(departments)),
    '/api/user/roleList': () => ok(list(roles)),
    '/api/user/userTypeList': () => ok(list(userTypes)),
    // What the home page (the landing page after sign-in) loads, all empty: a failed load would show its error.
    '/api/user/appConfig': () => ok({ version: 'V3.5', featureFlags: [], casEnabled: false }),
    '/api/user/personalInfo': () => ok(profile),
    '/api/herm-wbs/targetTask/selectPage': () => ok({ records: [], total: 0, current: 1, pages: 0, size: 10 }),
    '/api/herm-wbs/todo/counts': () =>
      ok({
        roles: { head: false, auditor: false, owner: false },
        departmentAccept: null,
        departmentResolve: null,
        reportAudit: null,
        delayAudit: null,
        definitionAudit: null,
        myDefine: null,
        myAccept: null,
        myExecuting: null,
        myOverdue: null,
      }),
    '/api/herm-ndwbs/yearTargetUrge/pending': () => ok([]),
    '/api/user/school/benchmark': () => ok([]),
    // The header's bell.
    '/api/notification/unreadCount': () => ok({ unread: 0 }),
    // The home page's subscribed charts (none subscribed: the card draws nothing).
    '/api/herm-sjfw/dynamicYbpDy/query': () => ok({ cards: [] }),
  };
}

/** Paths fetched so far, in order, without their query. */
export function calledPaths(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url).split('?')[0] ?? '');
}
