import { z } from 'zod';
import {
  AlgorithmBatchQuerySchema,
  AlgorithmBatchResultSchema,
  AlgorithmCheckResultSchema,
  AlgorithmCheckSchema,
  AlgorithmDetailQuerySchema,
  AlgorithmDetailSchema,
  AlgorithmGroupInputSchema,
  AlgorithmGroupNodeSchema,
  AlgorithmGroupUpdateSchema,
  AlgorithmIdQuerySchema,
  AlgorithmInputSchema,
  AlgorithmQuerySchema,
  AlgorithmResultQuerySchema,
  AlgorithmResultSchema,
  AlgorithmRunSchema,
  AlgorithmSchema,
  AlgorithmTestSchema,
  AlgorithmUpdateSchema,
  AlgorithmVersionSchema,
  IdParamSchema,
  RunQuerySchema,
} from './algorithm';
import { type Endpoint, endpoint } from './endpoint';
import { pageOf } from './envelope';
import { IdSchema } from './primitives';

const S = '/api/herm-sjgl';
const tags = ['算法'] as const;
const None = z.null();
const IdQuery = z.object({ id: IdSchema });

export const AlgorithmPageSchema = pageOf(AlgorithmSchema);
export const AlgorithmRunPageSchema = pageOf(AlgorithmRunSchema);

/**
 * Algorithms (spec-2 §7.8 "Algorithm content, group and version": insert, update, {id}/delete, selectTree,
 * selectlikename, testByObject, testResult, version queries; §7.5 the detail query with Id, Version and Type). The
 * spec shows no payloads: these are ours (docs/ARCHITECTURE.md "Algorithms").
 */
export const ALGORITHM_API = {
  // ---- groups (算法组) ----
  groupTree: endpointOf({
    method: 'GET',
    path: `${S}/algorithmGroup/selectTree`,
    summary: '算法组树 / the group tree',
    response: z.array(AlgorithmGroupNodeSchema),
  }),
  groupInsert: endpointOf({
    method: 'POST',
    path: `${S}/algorithmGroup/insert`,
    summary: '新增算法组 / add a group',
    body: AlgorithmGroupInputSchema,
    response: AlgorithmGroupNodeSchema,
  }),
  groupUpdate: endpointOf({
    method: 'POST',
    path: `${S}/algorithmGroup/update`,
    summary: '修改算法组（改名、移动） / rename or move a group',
    body: AlgorithmGroupUpdateSchema,
    response: AlgorithmGroupNodeSchema,
  }),
  groupDelete: endpointOf({
    method: 'POST',
    path: `${S}/algorithmGroup/:id/delete`,
    summary: '删除算法组（组内还有下级组或算法时拒绝） / delete an empty group',
    params: IdParamSchema,
    response: None,
  }),

  // ---- algorithms (算法内容) ----
  algorithmTree: endpointOf({
    method: 'GET',
    path: `${S}/algorithmContent/selectTree`,
    summary: '算法树：算法组及组内算法 / groups with their algorithms',
    response: z.array(AlgorithmGroupNodeSchema),
  }),
  algorithmPage: endpointOf({
    method: 'GET',
    path: `${S}/algorithmContent/selectlikename`,
    summary: '按名称查询算法（分页，可按组、类型） / algorithms by name, paged',
    query: AlgorithmQuerySchema,
    response: AlgorithmPageSchema,
  }),
  algorithmGet: endpointOf({
    method: 'GET',
    path: `${S}/algorithmContent/selectById`,
    summary: '算法及其当前版本 / an algorithm with its current version',
    query: IdQuery,
    response: AlgorithmSchema,
  }),
  algorithmDetail: endpointOf({
    method: 'GET',
    path: `${S}/algorithmContent/detail`,
    summary: '算法详情（Id、Version、Type，订阅图表用） / an algorithm at a version (§7.5)',
    query: AlgorithmDetailQuerySchema,
    response: AlgorithmDetailSchema,
  }),
  algorithmInsert: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/insert`,
    summary: '新增算法（SQL 先经检查，成为 V1） / add an algorithm; its text becomes V1',
    body: AlgorithmInputSchema,
    response: AlgorithmSchema,
  }),
  algorithmUpdate: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/update`,
    summary:
      '保存算法：当前版本未被结果使用时原地修改，已使用或要求新版本时生成新版本 / save; a used version is never changed',
    body: AlgorithmUpdateSchema,
    response: AlgorithmSchema,
  }),
  algorithmDelete: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/:id/delete`,
    summary: '删除算法（有版本被结果使用时拒绝） / delete an algorithm no result used',
    params: IdParamSchema,
    response: None,
  }),
  check: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/check`,
    summary: '检查 SQL（不执行）：是否通过，出错的行列，用到的参数和表 / check a text without running it',
    body: AlgorithmCheckSchema,
    response: AlgorithmCheckResultSchema,
  }),
  testByObject: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/testByObject`,
    summary: '测试：按维度对象和参数执行 SQL 草稿或某版本，不保存 / test a draft or a version; nothing stored',
    body: AlgorithmTestSchema,
    response: AlgorithmResultSchema,
  }),
  testResult: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/testResult`,
    summary: '计算结果：执行某版本并保存（血缘记录、缓存），版本从此不可修改 / a stored result with its lineage',
    body: AlgorithmResultQuerySchema,
    response: AlgorithmResultSchema,
  }),
  testResultBatch: endpointOf({
    method: 'POST',
    path: `${S}/algorithmContent/testResultBatch`,
    summary:
      '批量计算：值算法的某版本按多个维度对象计算并保存（一次只读事务，各对象的血缘记录与缓存） / a value algorithm for many objects',
    body: AlgorithmBatchQuerySchema,
    response: AlgorithmBatchResultSchema,
  }),

  // ---- versions (算法版本) ----
  versionList: endpointOf({
    method: 'GET',
    path: `${S}/algorithmVersion/selectList`,
    summary: '算法的全部版本（新的在前） / the versions of an algorithm, newest first',
    query: AlgorithmIdQuerySchema,
    response: z.array(AlgorithmVersionSchema),
  }),
  versionGet: endpointOf({
    method: 'GET',
    path: `${S}/algorithmVersion/selectById`,
    summary: '某个版本 / one version',
    query: IdQuery,
    response: AlgorithmVersionSchema,
  }),
  versionSetCurrent: endpointOf({
    method: 'POST',
    path: `${S}/algorithmVersion/:id/setCurrent`,
    summary: '设为当前版本 / make a version current',
    params: IdParamSchema,
    response: AlgorithmSchema,
  }),
  versionDelete: endpointOf({
    method: 'POST',
    path: `${S}/algorithmVersion/:id/delete`,
    summary: '删除版本（当前版本、已被结果使用的版本不能删除） / delete an unused, non-current version',
    params: IdParamSchema,
    response: None,
  }),

  // ---- lineage (执行记录) ----
  runPage: endpointOf({
    method: 'GET',
    path: `${S}/algorithmRun/selectPage`,
    summary: '执行记录（血缘：版本、文本哈希、参数、行数、耗时） / lineage runs, paged',
    query: RunQuerySchema,
    response: AlgorithmRunPageSchema,
  }),
  runGet: endpointOf({
    method: 'GET',
    path: `${S}/algorithmRun/selectById`,
    summary: '一条执行记录 / one run',
    query: IdQuery,
    response: AlgorithmRunSchema,
  }),
  runAgain: endpointOf({
    method: 'POST',
    path: `${S}/algorithmRun/:id/rerun`,
    summary: '按记录的版本和参数重新执行（不保存） / run a recorded run again; nothing stored',
    params: IdParamSchema,
    response: AlgorithmResultSchema,
  }),
} as const satisfies Record<string, Endpoint>;

function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
