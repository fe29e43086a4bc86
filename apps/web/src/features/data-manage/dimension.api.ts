import {
  DIMENSION_API as API,
  type DataOut,
  type DimensionObjectInput,
  type DimensionObjectUpdate,
  type DimensionTypeInput,
  type DutySave,
} from '@zg/contract';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';

/** The calls of the 维度管理 and 部门职责 tabs. */

export type DimensionTypeRow = DataOut<typeof API.types>['list'][number];
export type DimensionObjectRow = DataOut<typeof API.objects>['list'][number];
export type DutyByTypeRow = DataOut<typeof API.dutyByType>['list'][number];
export type DutyObject = DataOut<typeof API.dutyOfDepartment>['dxs'][number];

export const DIMENSION_KEYS = {
  types: ['dimension', 'types'] as const,
  objects: (q: object) => ['dimension', 'objects', q] as const,
  allObjects: ['dimension', 'objects'] as const,
  duty: (bmid: string) => ['dimension', 'duty', bmid] as const,
  dutyByType: (q: object) => ['dimension', 'dutyByType', q] as const,
};

/** Every type (the option list's pageSize 10000000). */
export async function fetchTypes() {
  return (await call(API.types, { query: { pageNum: 1, pageSize: 10_000_000 } })).list;
}

export const insertType = (body: DimensionTypeInput) => call(API.typeInsert, { body });
export const updateType = (body: DimensionTypeInput & { id: number }) => call(API.typeUpdate, { body });
export const deleteType = (id: number) => call(API.typeDelete, { body: { id } });

export const fetchObjects = (query: { wdid?: number; keyword?: string; pageNum: number; pageSize?: number }) =>
  call(API.objects, { query });

export const insertObject = (body: DimensionObjectInput) => call(API.insert, { body });
export const updateObject = (body: DimensionObjectUpdate) => call(API.update, { body });
export const deleteObjects = (ids: number[]) => call(API.delete, { body: { ids } });

/** Imports a workbook; the caller shows the row-by-row report of a refusal itself. */
export const importObjects = (file: File) => uploadTo(API.upload, {}, { file, quiet: true });
export const exportObjects = (query: { wdid?: number; keyword?: string }) => downloadFrom(API.download, { query });
export const downloadTemplate = () => downloadFrom(API.template, {});

export const fetchDuty = (bmid: string) => call(API.dutyOfDepartment, { query: { bmid } });
export const fetchDutyByType = (query: {
  wdid: number;
  bmid?: string;
  keyword?: string;
  pageNum: number;
  pageSize?: number;
}) => call(API.dutyByType, { query });
export const saveDuty = (body: DutySave) => call(API.dutySave, { body });
