import type { LoginRecord, SystemSetting } from '@zg/contract';
import { vi } from 'vitest';

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

type Handler = (init: RequestInit) => { status: number; body: unknown };

/** The envelope the server sends. */
export function ok(data: unknown, message = '操作成功') {
  return { status: 200, body: { meta: { success: true, message }, data } };
}

export function failed(status: number, message: string, code?: number) {
  return { status, body: { meta: { success: false, message, ...(code === undefined ? {} : { code }) }, data: null } };
}

/**
 * Stubs fetch with one handler per API path (query ignored); an unknown path answers 404.
 * Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).split('?')[0] ?? '';
    const handler = routes[path];
    const { status, body } = handler ? handler(init) : failed(404, '请求的资源不存在');
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
