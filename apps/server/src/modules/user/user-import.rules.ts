import {
  AUTH_MSG,
  ENABLED_TEXT,
  emailOk,
  SYSTEM_MSG as M,
  phoneOk,
  ROLE_SEPARATOR,
  USER_EXCEL_COLUMNS,
  USER_ID,
} from '@zg/contract';

/** Pure rules of the user workbook: a row read from the sheet checked against what exists (no I/O). */

export type UserSheetRow = { row: number; values: Record<(typeof USER_EXCEL_COLUMNS)[number]['key'], string> };

export interface KnownIds {
  departments: ReadonlyMap<string, string>;
  userTypes: ReadonlySet<string>;
  roles: ReadonlySet<string>;
  /** 工号 already taken. */
  users: ReadonlySet<string>;
}

/** create: a taken 工号 is an error; upsert: the row updates that user (the export's round trip). */
export type ImportMode = 'create' | 'upsert';

export interface CheckedUser {
  id: string;
  name: string;
  sex: number | null;
  departmentId: string | null;
  userTypeId: string | null;
  roleIds: string[];
  phone: string | null;
  email: string | null;
  enabled: boolean;
  exists: boolean;
}

export interface RowProblem {
  row: number;
  header: string;
  rule: string;
  value?: string;
}

const header = (key: (typeof USER_EXCEL_COLUMNS)[number]['key']) =>
  USER_EXCEL_COLUMNS.find((c) => c.key === key)!.header;

/** Checks every row (all problems, not the first only) and answers the users to write when there is none. */
export function checkUserRows(rows: readonly UserSheetRow[], known: KnownIds, mode: ImportMode) {
  const problems: RowProblem[] = [];
  const users: CheckedUser[] = [];
  const seen = new Map<string, number>();
  for (const { row, values: v } of rows) {
    const bad = (key: Parameters<typeof header>[0], rule: string, value?: string) =>
      problems.push({ row, header: header(key), rule, value });
    const id = v.userId.trim();
    if (!USER_ID.test(id)) bad('userId', M.userIdRule, id);
    else if (seen.has(id)) bad('userId', `与第${seen.get(id)}行重复`, id);
    else if (mode === 'create' && known.users.has(id)) bad('userId', M.userIdTaken(id), id);
    if (USER_ID.test(id) && !seen.has(id)) seen.set(id, row);
    const name = v.userName.trim();
    if (!name) bad('userName', M.userNameRequired);
    else if (name.length > 60) bad('userName', '姓名不能超过60个字符', name);
    const sexText = v.sex.trim();
    const sex = sexText === '' ? null : sexText === '男' ? 1 : sexText === '女' ? 2 : undefined;
    if (sex === undefined) bad('sex', '性别应为“男”或“女”', sexText);
    const departmentId = v.departmentId.trim() || null;
    if (departmentId && !known.departments.has(departmentId)) {
      bad('departmentId', M.departmentUnknown(departmentId), departmentId);
    }
    const userTypeId = v.userTypeId.trim() || null;
    if (userTypeId && !known.userTypes.has(userTypeId)) bad('userTypeId', M.userTypeUnknown(userTypeId), userTypeId);
    const roleIds = [...new Set(v.roleIds.split(ROLE_SEPARATOR).filter(Boolean))];
    for (const r of roleIds) if (!known.roles.has(r)) bad('roleIds', M.roleUnknown(r), r);
    const phone = v.phone.trim();
    if (!phoneOk(phone)) bad('phone', AUTH_MSG.phoneInvalid, phone);
    const email = v.email.trim();
    if (!emailOk(email) || email.length > 100) bad('email', AUTH_MSG.emailInvalid, email);
    const state = v.enabled.trim();
    if (state !== '' && state !== ENABLED_TEXT.true && state !== ENABLED_TEXT.false) {
      bad('enabled', '状态应为“启用”或“停用”', state);
    }
    users.push({
      id,
      name,
      sex: sex ?? null,
      departmentId,
      userTypeId,
      roleIds,
      phone: phone || null,
      email: email || null,
      enabled: state !== ENABLED_TEXT.false,
      exists: known.users.has(id),
    });
  }
  return { problems, users };
}
