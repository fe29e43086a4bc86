import { z } from 'zod';
import { type Endpoint, endpoint, FILE, MULTIPART } from './endpoint';
import { pageOf } from './envelope';
import {
  AuthorityInputSchema,
  AuthorityQuerySchema,
  AuthoritySchema,
  AuthorityUpdateSchema,
  CalRuleOptionSchema,
  CalRuleQuerySchema,
  DepotItemSchema,
  DepotQuerySchema,
  DepotSaveSchema,
  DepotUseSchema,
  NodeInputSchema,
  NodeMoveSchema,
  NodeUpdateSchema,
  QualityCheckSchema,
  QualityExportQuerySchema,
  RecycleBatchSchema,
  RecycleEntrySchema,
  RecycleQuerySchema,
  StandardChangeSchema,
  StandardFullSchema,
  StandardGlobalAbilitiesSchema,
  StandardIdQuerySchema,
  StandardIdSchema,
  StandardInputSchema,
  StandardNodeSchema,
  StandardNodeTaskSchema,
  StandardQuerySchema,
  StandardSystemSchema,
  StandardUpdateSchema,
  StandardUsageSchema,
} from './standard';

const S = '/api/herm-mbbz';
const tags = ['目标标准'] as const;
const None = z.null();

export const StandardPageSchema = pageOf(StandardSystemSchema);

/**
 * Standard systems (spec-2 §7.8 "Target standards ({mbbz})": target authority CRUD, target CRUD, catalog CRUD,
 * copyTargetFull; quality import, export and template; persistQuality; getTargetFull; task depot, recycle and
 * recovery). The spec shows no payloads: these are ours (docs/ARCHITECTURE.md "Standard systems"). Every route that
 * takes a system, a node or a recycle batch checks the caller's authority on that system (403 otherwise).
 */
export const STANDARD_API = {
  // ---- systems (target) ----
  abilities: endpointOf({
    method: 'GET',
    path: `${S}/target/abilities`,
    summary: '当前用户能否新建目标标准、维护任务库 / what the user may do besides a system',
    response: StandardGlobalAbilitiesSchema,
  }),
  targetPage: endpointOf({
    method: 'GET',
    path: `${S}/target/selectPage`,
    summary: '目标标准列表（仅有查看权限的） / the systems the user may read, paged',
    query: StandardQuerySchema,
    response: StandardPageSchema,
  }),
  targetGet: endpointOf({
    method: 'GET',
    path: `${S}/target/selectById`,
    summary: '一个目标标准 / one system',
    query: StandardIdQuerySchema,
    response: StandardSystemSchema,
  }),
  targetInsert: endpointOf({
    method: 'POST',
    path: `${S}/target/insert`,
    summary: '新建目标标准（草稿） / create a system (draft)',
    body: StandardInputSchema,
    response: StandardSystemSchema,
  }),
  targetUpdate: endpointOf({
    method: 'POST',
    path: `${S}/target/update`,
    summary: '修改目标标准名称、年度 / rename a system or change its years',
    body: StandardUpdateSchema,
    response: StandardSystemSchema,
  }),
  targetPublish: endpointOf({
    method: 'POST',
    path: `${S}/target/:id/publish`,
    summary: '发布目标标准 / publish a system',
    params: StandardIdSchema,
    response: StandardSystemSchema,
  }),
  targetDelete: endpointOf({
    method: 'POST',
    path: `${S}/target/:id/delete`,
    summary: '删除目标标准（移入回收站；被诊改任务使用时拒绝） / delete a system to the recycle bin',
    params: StandardIdSchema,
    response: None,
  }),
  targetUsage: endpointOf({
    method: 'GET',
    path: `${S}/target/usage`,
    summary: '目标标准是否被诊改任务使用 / what uses a system',
    query: StandardIdQuerySchema,
    response: StandardUsageSchema,
  }),
  copyTargetFull: endpointOf({
    method: 'POST',
    path: `${S}/target/:id/copyTargetFull`,
    summary: '复制目标标准（目录、规则、权限）为下一年度的草稿 / copy a system as next year’s draft',
    params: StandardIdSchema,
    response: StandardSystemSchema,
  }),
  getTargetFull: endpointOf({
    method: 'GET',
    path: `${S}/target/getTargetFull`,
    summary: '目标标准及其完整目录树（一次查询） / a system with its whole tree',
    query: StandardIdQuerySchema,
    response: StandardFullSchema,
  }),

  // ---- authority (targetAuthority) ----
  authorityList: endpointOf({
    method: 'GET',
    path: `${S}/targetAuthority/list`,
    summary: '目标标准的权限 / the authority rows of a system',
    query: AuthorityQuerySchema,
    response: z.array(AuthoritySchema),
  }),
  authorityInsert: endpointOf({
    method: 'POST',
    path: `${S}/targetAuthority/insert`,
    summary: '授权角色或用户查看或编辑 / grant a role or a user read or write',
    body: AuthorityInputSchema,
    response: AuthoritySchema,
  }),
  authorityUpdate: endpointOf({
    method: 'POST',
    path: `${S}/targetAuthority/update`,
    summary: '修改授权（查看 / 编辑） / change a grant',
    body: AuthorityUpdateSchema,
    response: AuthoritySchema,
  }),
  authorityDelete: endpointOf({
    method: 'POST',
    path: `${S}/targetAuthority/:id/delete`,
    summary: '取消授权 / remove a grant',
    params: StandardIdSchema,
    response: None,
  }),

  // ---- the catalogue (catalog) ----
  catalogGet: endpointOf({
    method: 'GET',
    path: `${S}/catalog/selectById`,
    summary: '一个目录节点（不含下级） / one node, without its children',
    query: StandardIdQuerySchema,
    response: StandardNodeSchema,
  }),
  catalogInsert: endpointOf({
    method: 'POST',
    path: `${S}/catalog/insert`,
    summary: '新增诊断维度、质控点或指标 / add a node',
    body: NodeInputSchema,
    response: StandardChangeSchema,
  }),
  catalogUpdate: endpointOf({
    method: 'POST',
    path: `${S}/catalog/update`,
    summary: '修改节点（内涵、标准值、规则 …） / update a node',
    body: NodeUpdateSchema,
    response: StandardChangeSchema,
  }),
  catalogMove: endpointOf({
    method: 'POST',
    path: `${S}/catalog/move`,
    summary: '移动节点或调整顺序（不能移到自身下级） / move or reorder a node',
    body: NodeMoveSchema,
    response: StandardChangeSchema,
  }),
  catalogDelete: endpointOf({
    method: 'POST',
    path: `${S}/catalog/:id/delete`,
    summary: '删除节点及其下级（移入回收站） / delete a subtree to the recycle bin',
    params: StandardIdSchema,
    response: StandardChangeSchema,
  }),

  // ---- Excel (quality) ----
  qualityTemplate: endpointOf({
    method: 'GET',
    path: `${S}/quality/template`,
    summary: '目标标准导入模板（含说明页） / the import template, with its notes sheet',
    response: FILE,
  }),
  qualityImport: endpointOf({
    method: 'POST',
    path: `${S}/quality/import`,
    summary: '检查导入文件（逐行报告，不保存） / check a workbook row by row; nothing stored',
    consumes: MULTIPART,
    response: QualityCheckSchema,
  }),
  persistQuality: endpointOf({
    method: 'POST',
    path: `${S}/quality/persistQuality`,
    summary:
      '导入目标标准（替换所选目标标准的目录，或新建目标标准；逐行报告，全部或全不） / import a workbook, all or nothing',
    consumes: MULTIPART,
    response: StandardChangeSchema,
  }),
  qualityExport: endpointOf({
    method: 'GET',
    path: `${S}/quality/export`,
    summary: '导出目标标准（可再导入为同一目录） / export a system; reimports to the same tree',
    query: QualityExportQuerySchema,
    response: FILE,
  }),

  // ---- task depot (taskDepot) ----
  calRules: endpointOf({
    method: 'GET',
    path: `${S}/catalog/calRules`,
    summary:
      '可选的计算规则：值算法的当前版本（至多200个） / the value algorithms at their current version, 200 at most',
    query: CalRuleQuerySchema,
    response: z.array(CalRuleOptionSchema),
  }),
  detailRules: endpointOf({
    method: 'GET',
    path: `${S}/catalog/detailRules`,
    summary:
      '可选的详情算法：详情算法的当前版本（至多200个） / the detail algorithms at their current version, 200 at most',
    query: CalRuleQuerySchema,
    response: z.array(CalRuleOptionSchema),
  }),
  depotList: endpointOf({
    method: 'GET',
    path: `${S}/taskDepot/list`,
    summary: '任务库（可复用的质控点） / the task depot',
    query: DepotQuerySchema,
    response: z.array(DepotItemSchema),
  }),
  depotGet: endpointOf({
    method: 'GET',
    path: `${S}/taskDepot/selectById`,
    summary: '任务库条目及其质控点、指标 / one depot item with its subtree',
    query: StandardIdQuerySchema,
    response: DepotItemSchema,
  }),
  depotSave: endpointOf({
    method: 'POST',
    path: `${S}/taskDepot/insert`,
    summary: '把质控点（连同指标）存入任务库 / save a QCP subtree to the depot',
    body: DepotSaveSchema,
    response: DepotItemSchema,
  }),
  depotUse: endpointOf({
    method: 'POST',
    path: `${S}/taskDepot/use`,
    summary: '把任务库中的质控点复制到诊断维度下 / insert a copy under a dimension node',
    body: DepotUseSchema,
    response: StandardChangeSchema,
  }),
  depotDelete: endpointOf({
    method: 'POST',
    path: `${S}/taskDepot/:id/delete`,
    summary: '删除任务库条目 / delete a depot item',
    params: StandardIdSchema,
    response: None,
  }),

  // ---- recycle bin (recycle, recovery) ----
  recycleList: endpointOf({
    method: 'GET',
    path: `${S}/recycle/list`,
    summary: '回收站（有编辑权限的目标标准及其删除的节点） / the recycle bin',
    query: RecycleQuerySchema,
    response: z.array(RecycleEntrySchema),
  }),
  recovery: endpointOf({
    method: 'POST',
    path: `${S}/recycle/recovery`,
    summary: '恢复一次删除的全部内容 / restore one deletion batch',
    body: RecycleBatchSchema,
    response: StandardChangeSchema,
  }),
  nodeTasks: endpointOf({
    method: 'GET',
    path: `${S}/catalog/tasks`,
    summary: '服务该质控点的目标任务（当前用户可见的） / the target tasks serving the node that the user sees',
    query: StandardIdQuerySchema,
    response: z.array(StandardNodeTaskSchema),
  }),
  recyclePurge: endpointOf({
    method: 'POST',
    path: `${S}/recycle/purge`,
    summary: '彻底删除（不可恢复） / purge a deletion batch for good',
    body: RecycleBatchSchema,
    response: None,
  }),
} as const satisfies Record<string, Endpoint>;

function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
