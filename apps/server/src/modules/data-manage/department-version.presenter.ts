import { type DepartmentVersion, formatDateTime } from '@zg/contract';
import type { VersionRow } from './department-version.repository';

export const presentDepartmentVersion = (r: {
  version: VersionRow;
  departments: number;
  creatorName: string | null;
}): DepartmentVersion => ({
  id: r.version.id,
  bbmc: r.version.name,
  sxrq: r.version.effectiveDate,
  bz: r.version.note,
  sfqy: r.version.enabled,
  bms: Number(r.departments),
  cjrmc: r.creatorName,
  cjsj: formatDateTime(r.version.createdAt),
});
