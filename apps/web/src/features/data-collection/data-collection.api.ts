import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_COLLECTION_API as API, type BodyIn, type FormDirectoryNode } from '@zg/contract';
import { call } from '../../api/endpoint';

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
