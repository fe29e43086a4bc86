import { z } from 'zod';
import {
  CycleByTypeNameQuerySchema,
  CycleIdParamsSchema,
  CycleIdsSchema,
  CycleInputSchema,
  CycleOptionSchema,
  CycleQuerySchema,
  CycleTypeItemSchema,
  CycleUpdateSchema,
  CycleValueSchema,
} from './cycle';
import { type Endpoint, endpoint } from './endpoint';
import { pageOf } from './envelope';
import { CycleTypeSchema } from './target-task';

const S = '/api/herm-sjgl';
const tags = ['周期管理'] as const;
const None = z.null();

export const CycleValuePageSchema = pageOf(CycleValueSchema);

/**
 * Cycles (spec-2 §7.8 "Cycle type and cycle", §7.2 option lists): the cycle types, their values kept by
 * administrators and the data office, and the option lists every cycle picker reads (hidden values left out).
 */
export const CYCLE_API = {
  // ---- option lists (any signed-in user) ----
  cycleTypes: endpointOf({
    method: 'GET',
    path: `${S}/cycleType/getCycleType`,
    summary: '周期类型（年、学年、学期、时间段、时间点） / the cycle types',
    response: z.array(CycleTypeItemSchema),
  }),
  cycleTypesWithValues: endpointOf({
    method: 'GET',
    path: `${S}/cycleType/list`,
    summary: '周期类型及其未隐藏的周期值（各周期选择器的来源） / cycle types with their visible values',
    response: z.array(CycleTypeSchema),
  }),
  cyclesByTypeName: endpointOf({
    method: 'GET',
    path: `${S}/cycle/selectByTypeName`,
    summary: '某周期类型未隐藏的周期值（按类型名称或代码） / the visible values of a cycle type',
    query: CycleByTypeNameQuerySchema,
    response: z.array(CycleOptionSchema),
  }),

  // ---- keeping the values ----
  cyclePage: endpointOf({
    method: 'GET',
    path: `${S}/cycle/selectquery`,
    summary: '周期值分页（按周期类型，空为全部） / cycle values, paged',
    query: CycleQuerySchema,
    response: CycleValuePageSchema,
  }),
  cycleInsert: endpointOf({
    method: 'POST',
    path: `${S}/cycle/insert`,
    summary: '新增周期值（管理员、数据管理员） / add a cycle value',
    body: CycleInputSchema,
    response: CycleValueSchema,
  }),
  cycleUpdate: endpointOf({
    method: 'POST',
    path: `${S}/cycle/update`,
    summary: '修改周期值（被目标任务使用时不能改名或改类型） / update a cycle value',
    body: CycleUpdateSchema,
    response: CycleValueSchema,
  }),
  cycleDelete: endpointOf({
    method: 'POST',
    path: `${S}/cycle/:id/delete`,
    summary: '删除周期值（被目标任务使用时拒绝） / delete a cycle value, refused while in use',
    params: CycleIdParamsSchema,
    response: None,
  }),
  cyclesDelete: endpointOf({
    method: 'POST',
    path: `${S}/cycle/ids/delete`,
    summary: '批量删除周期值（任一被使用则全部不删） / delete cycle values, none when one is in use',
    body: CycleIdsSchema,
    response: None,
  }),
  cycleDefault: endpointOf({
    method: 'POST',
    path: `${S}/cycle/:id/defaultStatusChange`,
    summary: '设为默认或取消默认（每个周期类型至多一个默认值） / toggle the default value of its type',
    params: CycleIdParamsSchema,
    response: CycleValueSchema,
  }),
  cycleHide: endpointOf({
    method: 'POST',
    path: `${S}/cycle/:id/hideStatusChange`,
    summary: '隐藏或显示周期值（隐藏的值不出现在选择器中） / toggle hidden',
    params: CycleIdParamsSchema,
    response: CycleValueSchema,
  }),
} as const;

function endpointOf<const E extends Omit<Endpoint, 'tags'>>(e: E): E & { tags: typeof tags; json: true } {
  return endpoint({ ...e, tags, json: true });
}
