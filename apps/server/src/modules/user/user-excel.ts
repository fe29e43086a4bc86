import { ENABLED_TEXT, formatDateTime, SYSTEM_MSG as M, ROLE, SEX_TEXT, USER_EXCEL_COLUMNS } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { type ExcelUpload, type ImportErrors, readSheet } from '../../platform/excel';
import {
  allAdminUsers,
  existingUserIds,
  insertUsers,
  otherEnabledHolders,
  referenceIds,
  replaceRoles,
  setUserFields,
  type UserFilter,
} from './user-admin.repository';
import { checkUserRows, type ImportMode, type UserSheetRow } from './user-import.rules';

/** The user workbook: its template, the export (same columns, so it imports back) and the all-or-nothing import. */

function sheetOf(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet('用户');
  ws.columns = USER_EXCEL_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.key === 'email' ? 28 : 16 }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/** The template: the header, one example row and a sheet explaining the columns. */
export async function userTemplate() {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  ws.addRow({
    userId: 'T0001',
    userName: '张老师',
    sex: '女',
    departmentId: 'D02',
    departmentName: '教务处',
    userTypeId: 'staff',
    roleIds: ROLE.diagnosisObject,
    phone: '13800138000',
    email: 'zhang@example.edu.cn',
    enabled: ENABLED_TEXT.true,
  });
  const help = wb.addWorksheet('填写说明');
  help.addRows([
    ['工号', '必填，字母、数字、下划线或短横线，不超过32位；不能与已有用户重复（“新增或更新”方式下更新该用户）'],
    ['姓名', '必填'],
    ['性别', '男 / 女，可空'],
    ['部门编码', '可空；须为系统管理 > 部门中在用部门的编码'],
    ['部门名称', '仅供参考，导入时不读取'],
    ['用户类型编码', '可空；如 staff'],
    ['角色编码', '可空；多个用逗号分隔，如 2020005,2020003'],
    ['联系电话', '可空；手机或固定电话'],
    ['邮箱', '可空'],
    ['状态', '启用 / 停用，空为启用'],
  ]);
  help.getColumn(1).width = 14;
  help.getColumn(2).width = 90;
  return { name: '用户导入模板.xlsx', buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** Every user under the filter, in the template's columns. */
export async function exportUsers(db: Db, filter: UserFilter, now: Date) {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  for await (const batch of allAdminUsers(db, filter)) {
    for (const u of batch) {
      const roles: [string, string][] = typeof u.roles === 'string' ? JSON.parse(u.roles) : (u.roles ?? []);
      ws.addRow({
        userId: u.id,
        userName: u.name,
        sex: u.sex ? (SEX_TEXT[u.sex] ?? '') : '',
        departmentId: u.departmentId ?? '',
        departmentName: u.departmentName ?? '',
        userTypeId: u.userTypeId ?? '',
        roleIds: roles.map(([id]) => id).join(','),
        phone: u.phone ?? '',
        email: u.email ?? '',
        enabled: u.enabled ? ENABLED_TEXT.true : ENABLED_TEXT.false,
      });
    }
  }
  const stamp = formatDateTime(now).replace(/[-: ]/g, '').slice(0, 12);
  return { name: `用户_${stamp}.xlsx`, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

export interface ImportOptions {
  mode: ImportMode;
  /** The hash of the initial password of the users the file creates (each must change it at first sign-in). */
  passwordHash: string;
  onProgress?: (step: 'checking' | 'importing', done: number, total: number) => void;
}

/**
 * Reads and checks the whole sheet; with any problem nothing is written and every bad row is named (ImportErrors,
 * its report); otherwise creates and updates the users and their roles in one transaction.
 */
export async function importUsers(
  db: Db,
  actor: Actor,
  upload: ExcelUpload,
  opts: ImportOptions,
  errors: ImportErrors,
) {
  const rows = (await readSheet(upload, USER_EXCEL_COLUMNS)) as UserSheetRow[];
  opts.onProgress?.('checking', 0, rows.length);
  const [refs, taken] = await Promise.all([
    referenceIds(db),
    existingUserIds(
      db,
      rows.map((r) => r.values.userId.trim()),
    ),
  ]);
  const { problems, users } = checkUserRows(rows, { ...refs, users: taken }, opts.mode);
  // Updating yourself (upsert) may not take your own account or administrator role away.
  const self = opts.mode === 'upsert' ? users.find((u) => u.id === actor.userId) : undefined;
  if (self && (!self.enabled || !self.roleIds.includes(ROLE.admin))) {
    const row = rows[users.indexOf(self)]!.row;
    problems.push({ row, header: '', rule: self.enabled ? M.dropOwnAdmin : M.disableSelf });
  }
  for (const p of problems) {
    if (p.header) errors.cell(p.row, p.header, p.rule, p.value);
    else errors.row(p.row, p.rule);
  }
  errors.throwIfAny();
  const fresh = users.filter((u) => !u.exists);
  const passwordHash = opts.passwordHash;
  opts.onProgress?.('importing', 0, users.length);
  await db.transaction(async (tx) => {
    await insertUsers(
      tx,
      fresh.map((u) => ({
        id: u.id,
        name: u.name,
        sex: u.sex,
        departmentId: u.departmentId,
        userTypeId: u.userTypeId,
        phone: u.phone,
        email: u.email,
        enabled: u.enabled,
        passwordHash,
        mustChangePassword: true,
      })),
    );
    let done = fresh.length;
    for (const u of users.filter((x) => x.exists)) {
      await setUserFields(tx, u.id, {
        name: u.name,
        sex: u.sex,
        departmentId: u.departmentId,
        userTypeId: u.userTypeId,
        phone: u.phone,
        email: u.email,
        enabled: u.enabled,
      });
      if (++done % 200 === 0) opts.onProgress?.('importing', done, users.length);
    }
    await replaceRoles(
      tx,
      users.map((u) => ({ userId: u.id, roleIds: u.roleIds })),
    );
    // An update may have taken the last administrator away: refused as a whole.
    if ((await otherEnabledHolders(tx, ROLE.admin, '')) === 0) throw conflict(M.lastAdmin);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'user.import',
      entityType: 'user',
      detail: { created: fresh.map((u) => u.id).slice(0, 200), updated: users.length - fresh.length },
    });
  });
  opts.onProgress?.('importing', users.length, users.length);
  return { created: fresh.length, updated: users.length - fresh.length };
}
