import { type DepartmentDuty, type DutySave, DIMENSION_MSG as M } from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { conflict, notFound } from '../../platform/errors';
import {
  dutiesOfDepartment,
  dutiesOfObjects,
  existingObjectIds,
  findDepartment,
  findType,
  lockDepartment,
  objectsWithDuty,
  pageDutiesByType,
  replaceDuties,
  typeWithCode,
} from './dimension.repository';
import { audit, mustKeep, paging } from './dimension.service';

/**
 * Department responsibilities (部门职责): which department answers for each dimension object (a college for its
 * majors ...), kept by the data office; and, for the modules above, the objects of a type with their parents and
 * their responsible department and its head.
 */

async function dutyOf(db: Db, department: { id: string; name: string }): Promise<DepartmentDuty> {
  const rows = await dutiesOfDepartment(db, department.id);
  return {
    bmid: department.id,
    bmmc: department.name,
    dxs: rows.map((r) => ({ id: r.id, wdid: r.typeId, wdmc: r.typeName, dxbm: r.code, dxmc: r.name })),
  };
}

export async function departmentDuty(db: Db, departmentId: string) {
  const d = await findDepartment(db, departmentId);
  if (!d) throw notFound(M.departmentNotFound);
  return dutyOf(db, d);
}

export async function dutiesByType(
  db: Db,
  q: { wdid: number; keyword?: string; bmid?: string; pageNum: number; pageSize: number },
) {
  if (!(await findType(db, q.wdid))) throw notFound(M.typeNotFound);
  const { records, total } = await pageDutiesByType(db, {
    typeId: q.wdid,
    keyword: q.keyword,
    departmentId: q.bmid || undefined,
    ...paging(q),
  });
  return {
    list: records.map((r) => ({
      id: r.id,
      wdid: r.typeId,
      wdmc: r.typeName,
      dxbm: r.code,
      dxmc: r.name,
      bmid: r.departmentId,
      bmmc: r.departmentName,
    })),
    total,
  };
}

/**
 * Replaces the objects a department answers for, in one transaction; an object another department answers for is
 * refused naming both (it must be removed there first), a missing one as missing.
 */
export async function saveDuties(db: Db, actor: Actor, input: DutySave) {
  mustKeep(actor);
  return db.transaction(async (tx) => {
    const d = await lockDepartment(tx, input.bmid);
    if (!d) throw notFound(M.departmentNotFound);
    const ids = [...new Set(input.dxids)];
    const found = await existingObjectIds(tx, ids);
    if (found.size !== ids.length) throw notFound(M.objectNotFound);
    const others = (await dutiesOfObjects(tx, ids)).find((r) => r.departmentId !== d.id);
    if (others) throw conflict(M.dutyTaken(others.objectName, others.departmentName));
    await replaceDuties(tx, d.id, ids, actor.userId);
    await audit(tx, actor, 'departmentDuty.save', 'department', d.id, { objects: ids.length });
    return dutyOf(tx, d);
  });
}

/** One object of a dimension type as the modules above read it (diagnosis tasks are published to these). */
export interface DimensionObjectWithDuty {
  id: number;
  /** 对象编码 */
  code: string;
  /** 对象名称 */
  name: string;
  sort: number;
  enabled: boolean;
  /** The parent object (a major's college, a course's major), of its own type, or null. */
  parent: { id: number; code: string; name: string; typeCode: string } | null;
  /** The department answering for the object (部门职责) and its head (负责人), or null when none does. */
  department: { id: string; name: string; head: { id: string; name: string } | null } | null;
}

/**
 * The enabled objects of a dimension type (its code: major, course ...; a standard system's `dimension`) in the
 * type's order, each with its parent and its responsible department and head, in one statement; `ids` narrows to
 * those objects (of that type); `includeDisabled` keeps disabled ones too. Null when the type does not exist.
 */
export async function dimensionObjectsWithDuty(
  db: Db,
  typeCode: string,
  opts: { ids?: number[]; includeDisabled?: boolean } = {},
): Promise<DimensionObjectWithDuty[] | null> {
  if (!(await typeWithCode(db, typeCode))) return null;
  const rows = await objectsWithDuty(db, { typeCode, ...opts });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    sort: r.sortOrder,
    enabled: r.enabled,
    parent:
      r.parentId === null
        ? null
        : { id: r.parentId, code: r.parentCode!, name: r.parentName!, typeCode: r.parentTypeCode! },
    department:
      r.departmentId === null
        ? null
        : {
            id: r.departmentId,
            name: r.departmentName!,
            head: r.headId === null ? null : { id: r.headId, name: r.headName! },
          },
  }));
}
