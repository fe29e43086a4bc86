import { type DimensionObject, type DimensionType, isBuiltinDimension, parentTypesOf } from '@zg/contract';
import type { ObjectListRow, TypeRow } from './dimension.repository';

/** Dimension types and objects as the API sends them. */

export function presentType(t: TypeRow, objects: number): DimensionType {
  return {
    id: t.id,
    wdbm: t.code,
    wdmc: t.name,
    px: t.sortOrder,
    dxs: Number(objects),
    nz: isBuiltinDimension(t.code),
    sjlx: parentTypesOf(t.code) ? [...parentTypesOf(t.code)!] : null,
  };
}

export function presentObject(r: ObjectListRow): DimensionObject {
  const o = r.object;
  return {
    id: o.id,
    wdid: o.dimensionId,
    wdbm: r.typeCode,
    wdmc: r.typeName,
    dxbm: o.code,
    dxmc: o.name,
    sjid: o.parentId,
    sjbm: r.parentCode,
    sjmc: r.parentName,
    sjwdmc: r.parentTypeName,
    px: o.sortOrder,
    sfqy: o.enabled,
    xjs: Number(r.children),
  };
}
