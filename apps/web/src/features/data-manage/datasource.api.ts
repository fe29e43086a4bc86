import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DATASOURCE_API as API,
  type DataSourceTest,
  type DataSourceTestResult,
  LIMITS,
  type QueryIn,
} from '@zg/contract';
import { call } from '../../api/endpoint';
import type { DataSourceBody } from './datasource.logic';

const LIST = ['dataSource', 'list'] as const;

/** `GET .../datasource/selectPage`: a page of data sources, searched by name. */
export function useDataSourcePage(current: number, name: string) {
  const query: QueryIn<typeof API.page> = { current, size: LIMITS.defaultPageSize, ...(name ? { name } : {}) };
  return useQuery({
    queryKey: [...LIST, current, name],
    queryFn: ({ signal }) => call(API.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST .../datasource/insert`, or `update` when the body has an id. */
export function useSaveDataSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DataSourceBody) =>
      body.id === undefined ? call(API.insert, { body }) : call(API.update, { body: { ...body, id: body.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}

/** `POST .../datasource/test`: a saved source (`{ id }`) or the dialog's form. */
export function useTestDataSource() {
  return useMutation<DataSourceTestResult, Error, Partial<DataSourceTest> & { id?: number }>({
    mutationFn: (body) => call(API.test, { body }),
  });
}

/** `POST .../datasource/{id}/delete` for one, `deleteBatchIds` for several. */
export function useDeleteDataSources() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      if (ids.length === 1) {
        await call(API.delete, { params: { id: ids[0]! } });
        return ids.length;
      }
      return (await call(API.deleteBatch, { body: { ids } })).count;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: LIST }),
  });
}
