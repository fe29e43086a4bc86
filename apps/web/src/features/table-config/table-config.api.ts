import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TABLE_CONFIG_API as API,
  LIMITS,
  type TableConfig,
  type TableConfigUpdate,
  type TableType,
} from '@zg/contract';
import { call } from '../../api/endpoint';

/** `GET .../tableConfiguration/list`: a page of table configurations. */
export function useTableConfigList(pageNum: number) {
  return useQuery({
    queryKey: ['tableConfig', 'list', pageNum],
    queryFn: ({ signal }) => call(API.list, { query: { pageNum, pageSize: LIMITS.defaultPageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET .../tableConfiguration/{id}`. */
export function useTableConfig(id: number) {
  return useQuery({
    queryKey: ['tableConfig', id],
    queryFn: ({ signal }) => call(API.get, { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** `POST .../tableConfiguration/insert`. */
export function useCreateTableConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; tableType: TableType }) => call(API.insert, { body: input }),
    onSuccess: (created) => {
      client.setQueryData(['tableConfig', created.id], created);
      return client.invalidateQueries({ queryKey: ['tableConfig', 'list'] });
    },
  });
}

/** `POST .../tableConfiguration/update` with the version read; the answer replaces the cached configuration. */
export function useSaveTableConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TableConfigUpdate) => call(API.update, { body: input }),
    onSuccess: (saved: TableConfig) => {
      client.setQueryData(['tableConfig', saved.id], saved);
      return client.invalidateQueries({ queryKey: ['tableConfig', 'list'] });
    },
  });
}

/** `POST .../tableConfiguration/{id}/delete`. */
export function useDeleteTableConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tableConfig', 'list'] }),
  });
}
