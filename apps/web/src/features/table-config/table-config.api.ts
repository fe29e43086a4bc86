import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  listOf,
  type TableConfig,
  TableConfigListItemSchema,
  TableConfigSchema,
  type TableConfigUpdate,
  type TableType,
} from '@zg/contract';
import { get, post } from '../../api/client';

const BASE = '/api/herm-sjcj/tableConfiguration';
const ListSchema = listOf(TableConfigListItemSchema);

/** `GET .../tableConfiguration/list`: a page of table configurations. */
export function useTableConfigList(pageNum: number) {
  return useQuery({
    queryKey: ['tableConfig', 'list', pageNum],
    queryFn: ({ signal }) =>
      get(`${BASE}/list`, { query: { pageNum, pageSize: LIMITS.defaultPageSize }, schema: ListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET .../tableConfiguration/{id}`. */
export function useTableConfig(id: number) {
  return useQuery({
    queryKey: ['tableConfig', id],
    queryFn: ({ signal }) => get(`${BASE}/${id}`, { schema: TableConfigSchema, signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** `POST .../tableConfiguration/insert`. */
export function useCreateTableConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; tableType: TableType }) =>
      post(`${BASE}/insert`, input, { json: true, schema: TableConfigSchema }),
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
    mutationFn: (input: TableConfigUpdate) => post(`${BASE}/update`, input, { json: true, schema: TableConfigSchema }),
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
    mutationFn: (id: number) => post(`${BASE}/${id}/delete`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tableConfig', 'list'] }),
  });
}
