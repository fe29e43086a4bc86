import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DATA_COLLECTION_API as API,
  type BodyIn,
  CYCLE_API,
  DATA_MANAGE_API,
  type FormDirectoryNode,
  TABLE_CONFIG_API,
  type TableType,
} from '@zg/contract';
import { call, downloadFrom, uploadTo } from '../../api/endpoint';
import { fetchDepartments } from '../../api/user';

/**
 * The collection administrator's hooks (表单管理, 常量管理, 采集任务). The fill and audit tabs keep theirs in fill.api.ts;
 * every key starts with 'collection' so a change anywhere refreshes what depends on it.
 */
export const COLLECTION_KEY = 'collection';

type DirectoryBody = BodyIn<typeof API.directoryInsert> | BodyIn<typeof API.directoryUpdate>;
type FormBody = BodyIn<typeof API.formInsert> | BodyIn<typeof API.formUpdate>;
type ConstantTypeBody = BodyIn<typeof API.constantTypeInsert> | BodyIn<typeof API.constantTypeUpdate>;
type ConstantBody = BodyIn<typeof API.constantInsert> | BodyIn<typeof API.constantUpdate>;

// ---- reads ----

/**
 * `GET /api/herm-sjcj/abilities`: whether the user designs forms, keeps constants and starts collection tasks (the
 * collection administrators, data-collection.policy.ts); false until it answers or when it fails.
 */
export function useCollectionAbilities() {
  const query = useQuery({
    queryKey: [COLLECTION_KEY, 'abilities'],
    queryFn: ({ signal }) => call(API.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
    throwOnError: false,
  });
  return { manage: query.data?.manage ?? false, isPending: query.isPending };
}

export function useDirectoryTree() {
  return useQuery<FormDirectoryNode[]>({
    queryKey: [COLLECTION_KEY, 'directories'],
    queryFn: ({ signal }) => call(API.directoryTree, {}, { signal }),
  });
}

export function useForms(q: { directoryId?: number; keyword?: string }) {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'forms', q],
    queryFn: ({ signal }) =>
      call(API.formList, { query: { directoryId: q.directoryId, keyword: q.keyword || undefined } }, { signal }),
  });
}

export function useForm(id: number | null) {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'form', id],
    queryFn: ({ signal }) => call(API.formGet, { params: { id: id! } }, { signal }),
    enabled: id !== null,
    // The designer says in place that the form is gone, with 返回 to the list.
    throwOnError: false,
    retry: false,
  });
}

export function useConstantTypes() {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'constantTypes'],
    queryFn: ({ signal }) => call(API.constantTypeList, {}, { signal }),
  });
}

export function useConstants(typeId: number | null) {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'constants', typeId],
    queryFn: ({ signal }) => call(API.constantList, { query: { typeId: typeId! } }, { signal }),
    enabled: typeId !== null,
  });
}

export function useTasks() {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'tasks'],
    queryFn: ({ signal }) => call(API.taskList, {}, { signal }),
  });
}

export function useAllocations(taskId: number | null) {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'allocations', taskId],
    queryFn: ({ signal }) => call(API.allocationList, { query: { taskId: taskId! } }, { signal }),
    enabled: taskId !== null,
  });
}

// ---- what the designer and the task dialog pick from (other modules' lists) ----

/** Every warehouse table whose physical table exists (a form can bind only those). */
export function useReadyTables() {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'warehouseTables'],
    queryFn: async ({ signal }) =>
      (await call(DATA_MANAGE_API.tableAll, { query: {} }, { signal })).filter((t) => t.sfcj),
  });
}

/** The fields of a warehouse table. */
export function useTableFields(tableId: number | null) {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'warehouseFields', tableId],
    queryFn: ({ signal }) => call(DATA_MANAGE_API.fieldAll, { query: { ckbid: tableId! } }, { signal }),
    enabled: tableId !== null,
  });
}

/** The table configurations (layouts) a form may point at: the first 1 000. */
export function useLayouts() {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'layouts'],
    queryFn: async ({ signal }) =>
      (await call(TABLE_CONFIG_API.list, { query: { pageNum: 1, pageSize: 1000 } }, { signal })).list,
  });
}

/** Cycle types with their visible values (the task's 采集周期). */
export function useCycleTypes() {
  return useQuery({
    queryKey: [COLLECTION_KEY, 'cycles'],
    queryFn: ({ signal }) => call(CYCLE_API.cycleTypesWithValues, {}, { signal }),
  });
}

/** Every department (the task's 填报部门). */
export function useDepartments() {
  return useQuery({ queryKey: ['departments', 'all'], queryFn: fetchDepartments });
}

// ---- writes: each refreshes everything of data collection (lists, counts, the fill tabs' queries) ----

function useCollectionMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: [COLLECTION_KEY] }),
  });
}

export const useSaveDirectory = () =>
  useCollectionMutation((body: DirectoryBody) =>
    'id' in body ? call(API.directoryUpdate, { body }) : call(API.directoryInsert, { body }),
  );
export const useDeleteDirectory = () =>
  useCollectionMutation((id: number) => call(API.directoryDelete, { params: { id } }));

export const useSaveForm = () =>
  useCollectionMutation((body: FormBody) =>
    'id' in body ? call(API.formUpdate, { body }) : call(API.formInsert, { body }),
  );
export const useDeleteForm = () => useCollectionMutation((id: number) => call(API.formDelete, { params: { id } }));
export const usePublishForm = () => useCollectionMutation((id: number) => call(API.formPublish, { params: { id } }));

export const useSaveConstantType = () =>
  useCollectionMutation((body: ConstantTypeBody) =>
    'id' in body ? call(API.constantTypeUpdate, { body }) : call(API.constantTypeInsert, { body }),
  );
export const useDeleteConstantType = () =>
  useCollectionMutation((id: number) => call(API.constantTypeDelete, { params: { id } }));
export const useSaveConstant = () =>
  useCollectionMutation((body: ConstantBody) =>
    'id' in body ? call(API.constantUpdate, { body }) : call(API.constantInsert, { body }),
  );
export const useDeleteConstants = () =>
  useCollectionMutation((ids: number[]) => call(API.constantsDelete, { body: { ids } }));

export const useCreateTask = () =>
  useCollectionMutation((body: BodyIn<typeof API.taskInsert>) => call(API.taskInsert, { body }));
export const useUpdateTask = () =>
  useCollectionMutation((body: BodyIn<typeof API.taskUpdate>) => call(API.taskUpdate, { body }));
export const useDeleteTask = () => useCollectionMutation((id: number) => call(API.taskDelete, { params: { id } }));
export const useCloseOutdated = () => useCollectionMutation(() => call(API.closeOutdated, {}));
export const useBatchAudit = () =>
  useCollectionMutation((body: BodyIn<typeof API.allocationAudit>) => call(API.allocationAudit, { body }));
export const useBatchRollback = () =>
  useCollectionMutation((body: BodyIn<typeof API.allocationRollback>) => call(API.allocationRollback, { body }));
export const useSyncTask = () => useCollectionMutation((taskId: number) => call(API.dataSync, { body: { taskId } }));

/** 新建布局: a table configuration named after the form, of its type; opened in a new window to be laid out. */
export function useCreateLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; tableType: TableType }) => call(TABLE_CONFIG_API.insert, { body: input }),
    // The layouts listed here and in 数据管理's 表格配置; nothing else changed.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [COLLECTION_KEY, 'layouts'] }),
        client.invalidateQueries({ queryKey: ['tableConfig', 'list'] }),
      ]),
  });
}

/** 下载模板 of the constants. */
export const downloadConstantTemplate = () => downloadFrom(API.constantTemplate, {});

/** 导入常量: the sheet goes up; a refusal (nothing imported) lists every bad row. */
export const uploadConstants = (file: File, onProgress: (p: number) => void) =>
  uploadTo(API.constantImport, {}, { file, quiet: true, onProgress });

/** The rows of the chosen allocations (all when none is chosen) as one Excel file. */
export const exportAllocations = (taskId: number, ids: number[]) =>
  downloadFrom(API.allocationExport, { query: { taskId, ids: ids.length ? ids.join(',') : undefined } });
