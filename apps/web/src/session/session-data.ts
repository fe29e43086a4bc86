import { DERIVED_ROLE_TARGET_TASK_DEPART, type LoginRecord, MSG, WEB_MSG } from '@zg/contract';
import { message } from 'antd';
import { useSyncExternalStore } from 'react';
import { endsSession } from '../api/errors';
import { clearSession, getLoginRecord, subscribeLoginRecord } from '../api/session';
import {
  type BasicInfo,
  type Department,
  fetchBasicInfo,
  fetchDepartments,
  fetchRoleList,
  fetchRoles,
  fetchUserTypes,
  type Role,
  type UserType,
} from '../api/user';

/** What the signed-in session loads after sign-in (spec-1 section 4), kept in memory for the tab. */
export interface SessionData {
  status: 'loading' | 'ready' | 'failed';
  /** The user's roles, with targetTaskDepart for a department head. */
  roles: Role[];
  basicInfo: BasicInfo | null;
  /** Loaded only for a department head. */
  departments: Department[];
  roleList: Role[];
  userTypes: UserType[];
}

const EMPTY: SessionData = {
  status: 'loading',
  roles: [],
  basicInfo: null,
  departments: [],
  roleList: [],
  userTypes: [],
};

type Listener = () => void;
const listeners = new Set<Listener>();
/** Whose data `data` is: a sign-in (user id and its session's CSRF secret); null when nobody is signed in. */
let owner: string | null = null;
let data: SessionData | null = null;

// Signing out or an ended session drops the data with the login record.
subscribeLoginRecord(() => {
  if (!getLoginRecord() && owner !== null) {
    owner = null;
    update(null);
  }
});

/** The session data, re-rendering when it changes; null before a sign-in has started loading it. */
export function useSessionData(): SessionData | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Loads roles and basic info, then the departments (for a department head), the role list and the user types,
 * once per sign-in. A failure of roles, basic info or departments shows the spec's message and ends the session.
 */
export async function loadSessionData(record: LoginRecord): Promise<void> {
  const me = `${record.userId}:${record.csrfSecret}`;
  if (owner === me) return;
  owner = me;
  update(EMPTY);
  // A sign-out or another sign-in while loading makes these answers someone else's.
  const stale = () => owner !== me;

  const [roles, basicInfo] = await Promise.allSettled([fetchRoles(), fetchBasicInfo()]);
  if (stale()) return;
  if (roles.status === 'rejected') return fail(roles.reason, WEB_MSG.rolesFailed);
  if (basicInfo.status === 'rejected') return fail(basicInfo.reason, WEB_MSG.basicInfoFailed);

  const headsDepartment = basicInfo.value.newChargeDeparmentList.length > 0;
  update({ ...EMPTY, roles: withDerivedRoles(roles.value, headsDepartment), basicInfo: basicInfo.value });

  const [departments, roleList, userTypes] = await Promise.allSettled([
    headsDepartment ? fetchDepartments() : Promise.resolve([]),
    fetchRoleList(),
    fetchUserTypes(),
  ]);
  if (stale()) return;
  if (departments.status === 'rejected') return fail(departments.reason, WEB_MSG.departmentFailed);
  // Without these lists the session still works; the page says what is missing.
  if (roleList.status === 'rejected') tell(roleList.reason, MSG.roleListFailed);
  if (userTypes.status === 'rejected') tell(userTypes.reason, WEB_MSG.userTypesFailed);
  update({
    ...(data ?? EMPTY),
    status: 'ready',
    departments: departments.value,
    roleList: roleList.status === 'fulfilled' ? roleList.value : [],
    userTypes: userTypes.status === 'fulfilled' ? userTypes.value : [],
  });
}

/** Spec-1 section 6: a department head also holds targetTaskDepart, whether or not the server listed it. */
function withDerivedRoles(roles: Role[], headsDepartment: boolean): Role[] {
  if (!headsDepartment || roles.some((r) => r.roleId === DERIVED_ROLE_TARGET_TASK_DEPART)) return roles;
  return [...roles, { roleId: DERIVED_ROLE_TARGET_TASK_DEPART, roleName: WEB_MSG.targetTaskDepartRoleName }];
}

function fail(error: unknown, text: string) {
  update({ ...(data ?? EMPTY), status: 'failed' });
  // An ended session already sends the user to sign in again (the catalogue's dialog or redirect).
  if (endsSession(error)) return;
  message.error({ key: text, content: text });
  clearSession();
}

function tell(error: unknown, text: string) {
  if (!endsSession(error)) message.error({ key: text, content: text });
}

function update(next: SessionData | null) {
  data = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot() {
  return data;
}
