import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STANDARD_API as API,
  type AuthorityInputSchema,
  type NodeInputSchema,
  type NodeMoveSchema,
  type NodeUpdateSchema,
  type StandardChange,
  type StandardInputSchema,
  type StandardUpdateSchema,
} from '@zg/contract';
import type { z } from 'zod';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';

/** Every query of this feature starts with this key, so one invalidation refreshes lists, trees and bins. */
const KEY = 'standard';

export interface SystemFilter {
  name?: string;
  dimension?: z.input<typeof StandardInputSchema>['dimension'];
  state?: 'draft' | 'published';
}

/** `GET target/abilities`: whether the user may create systems and keep the task depot. */
export function useGlobalAbilities() {
  return useQuery({
    queryKey: [KEY, 'abilities'],
    queryFn: ({ signal }) => call(API.abilities, {}, { signal }),
  });
}

/** `GET target/selectPage`: the systems the user may read. */
export function useSystems(filter: SystemFilter, current: number, size = 200) {
  return useQuery({
    queryKey: [KEY, 'systems', filter, current, size],
    queryFn: ({ signal }) => call(API.targetPage, { query: { ...filter, current, size } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET target/getTargetFull`: a system with its whole tree. */
export function useTargetFull(id: number | null) {
  return useQuery({
    queryKey: [KEY, 'full', id],
    queryFn: ({ signal }) => call(API.getTargetFull, { query: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    throwOnError: false,
  });
}

/** `GET targetAuthority/list`. */
export function useAuthorities(systemId: number | null) {
  return useQuery({
    queryKey: [KEY, 'authority', systemId],
    queryFn: ({ signal }) => call(API.authorityList, { query: { systemId: systemId ?? 0 } }, { signal }),
    enabled: systemId !== null,
    throwOnError: false,
  });
}

/** `GET taskDepot/list`. */
export function useDepot(dimension: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'depot', dimension],
    queryFn: ({ signal }) =>
      call(API.depotList, { query: { dimension: dimension as SystemFilter['dimension'] } }, { signal }),
    enabled,
  });
}

/** `GET taskDepot/selectById`: one depot item with its QCP and indicators. */
export function useDepotItem(id: number, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'depotItem', id],
    queryFn: ({ signal }) => call(API.depotGet, { query: { id } }, { signal }),
    enabled,
    throwOnError: false,
  });
}

/** `GET recycle/list`: the user's recycle bin (of one system, or all they may edit). */
export function useRecycle(systemId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [KEY, 'recycle', systemId],
    queryFn: ({ signal }) => call(API.recycleList, { query: { systemId } }, { signal }),
    enabled,
  });
}

/**
 * `GET catalog/calRules`: the value algorithms a QCP may be computed by, at their current version (算法名称/V2),
 * grouped by their algorithm group for the select.
 */
export function useCalRuleOptions(enabled: boolean) {
  return useRuleOptions(enabled, 'calRules');
}

/** `GET catalog/detailRules`: the detail algorithms (详情算法) a node may name for its 明细数据, grouped the same way. */
export function useDetailRuleOptions(enabled: boolean) {
  return useRuleOptions(enabled, 'detailRules');
}

function useRuleOptions(enabled: boolean, which: 'calRules' | 'detailRules') {
  return useQuery({
    queryKey: [KEY, which],
    queryFn: async ({ signal }) => {
      const rules = await call(API[which], { query: {} }, { signal });
      const groups = new Map<string, { value: number; label: string }[]>();
      for (const r of rules) groups.set(r.group, [...(groups.get(r.group) ?? []), { value: r.id, label: r.label }]);
      return [...groups].map(([group, options]) => ({ label: group, title: group, options }));
    },
    enabled,
    staleTime: 60_000,
  });
}

/** A change that refreshes everything the feature shows once it succeeds. */
function useChange<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [KEY] });
    },
  });
}

/** The changes of this feature; each refreshes what the feature shows. */
export function useStandardActions() {
  const client = useQueryClient();
  return {
    refresh: () => client.invalidateQueries({ queryKey: [KEY] }),
    createSystem: useChange((body: z.input<typeof StandardInputSchema>) => call(API.targetInsert, { body })),
    updateSystem: useChange((body: z.input<typeof StandardUpdateSchema>) => call(API.targetUpdate, { body })),
    publish: useChange((id: number) => call(API.targetPublish, { params: { id } })),
    removeSystem: useChange((id: number) => call(API.targetDelete, { params: { id } })),
    copy: useChange((id: number) => call(API.copyTargetFull, { params: { id } })),
    insertNode: useChange(
      (body: z.input<typeof NodeInputSchema>): Promise<StandardChange> => call(API.catalogInsert, { body }),
    ),
    updateNode: useChange(
      (body: z.input<typeof NodeUpdateSchema>): Promise<StandardChange> => call(API.catalogUpdate, { body }),
    ),
    moveNode: useChange(
      (body: z.input<typeof NodeMoveSchema>): Promise<StandardChange> => call(API.catalogMove, { body }),
    ),
    removeNode: useChange((id: number): Promise<StandardChange> => call(API.catalogDelete, { params: { id } })),
    grant: useChange((body: z.input<typeof AuthorityInputSchema>) => call(API.authorityInsert, { body })),
    regrant: useChange((body: { id: number; access: 'read' | 'write' }) => call(API.authorityUpdate, { body })),
    revoke: useChange((id: number) => call(API.authorityDelete, { params: { id } })),
    saveToDepot: useChange((nodeId: number) => call(API.depotSave, { body: { nodeId } })),
    useDepotItem: useChange(
      (body: { depotId: number; parentId: number }): Promise<StandardChange> => call(API.depotUse, { body }),
    ),
    removeDepotItem: useChange((id: number) => call(API.depotDelete, { params: { id } })),
    recover: useChange((batchId: string): Promise<StandardChange> => call(API.recovery, { body: { batchId } })),
    purge: useChange((batchId: string) => call(API.recyclePurge, { body: { batchId } })),
  };
}

export const downloadTemplate = () => downloadFrom(API.qualityTemplate, {});
export const exportSystem = (systemId: number) => downloadFrom(API.qualityExport, { query: { systemId } });

/** The fields sent with an imported workbook: the system whose tree it replaces, or a new system. */
export type ImportTarget =
  | { systemId: number }
  | { name: string; dimension: string; startYear: number; endYear: number };

/** `POST quality/persistQuality`: the refusal carries the row-by-row report (quiet: the dialog shows it). */
export function importWorkbook(file: File, target: ImportTarget, onProgress: (p: number) => void) {
  const fields = Object.fromEntries(Object.entries(target).map(([k, v]) => [k, String(v)]));
  return uploadTo(API.persistQuality, {}, { file, fields, quiet: true, onProgress });
}

/** `GET catalog/tasks`: the target tasks serving a QCP that the user sees (issue 35). */
export function useNodeTasks(nodeId: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'nodeTasks', nodeId],
    queryFn: ({ signal }) => call(API.nodeTasks, { query: { id: nodeId! } }, { signal }),
    enabled: nodeId !== undefined,
    // The list under the form says it failed; the node's form stays usable.
    throwOnError: false,
  });
}
