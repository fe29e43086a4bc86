import { AUTH_MSG, SYSTEM_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { checkUserRows, type UserSheetRow } from './user-import.rules';

const known = {
  departments: new Map([['D01', '党政办公室']]),
  userTypes: new Set(['staff']),
  roles: new Set(['2020005', 'zyadmin']),
  users: new Set(['T001']),
};
const row = (n: number, v: Partial<UserSheetRow['values']>): UserSheetRow => ({
  row: n,
  values: {
    userId: 'T100',
    userName: '张三',
    sex: '男',
    departmentId: 'D01',
    departmentName: '',
    userTypeId: 'staff',
    roleIds: '2020005',
    phone: '13800138000',
    email: 'a@b.cn',
    enabled: '启用',
    ...v,
  },
});

describe('checkUserRows', () => {
  it('accepts good rows and reads their values', () => {
    const { problems, users } = checkUserRows(
      [row(2, {}), row(3, { userId: 'T101', sex: '', roleIds: '' })],
      known,
      'create',
    );
    expect(problems).toEqual([]);
    expect(users[0]).toMatchObject({ id: 'T100', sex: 1, roleIds: ['2020005'], enabled: true, exists: false });
    expect(users[1]).toMatchObject({ sex: null, roleIds: [] });
  });

  it('names every bad row: taken, duplicate, department, role, phone, e-mail', () => {
    const { problems } = checkUserRows(
      [
        row(2, { userId: 'T001' }),
        row(3, { userId: 'T200' }),
        row(4, { userId: 'T200', departmentId: 'D99' }),
        row(5, { userId: 'T300', roleIds: '2020005,nope', phone: '123', email: 'x@' }),
      ],
      known,
      'create',
    );
    expect(problems).toEqual([
      { row: 2, header: '工号', rule: SYSTEM_MSG.userIdTaken('T001'), value: 'T001' },
      { row: 4, header: '工号', rule: '与第3行重复', value: 'T200' },
      { row: 4, header: '部门编码', rule: SYSTEM_MSG.departmentUnknown('D99'), value: 'D99' },
      { row: 5, header: '角色编码', rule: SYSTEM_MSG.roleUnknown('nope'), value: 'nope' },
      { row: 5, header: '联系电话', rule: AUTH_MSG.phoneInvalid, value: '123' },
      { row: 5, header: '邮箱', rule: AUTH_MSG.emailInvalid, value: 'x@' },
    ]);
  });

  it('updates a taken 工号 in upsert mode (the export imports back)', () => {
    const { problems, users } = checkUserRows([row(2, { userId: 'T001', enabled: '停用' })], known, 'upsert');
    expect(problems).toEqual([]);
    expect(users[0]).toMatchObject({ exists: true, enabled: false });
  });
});
