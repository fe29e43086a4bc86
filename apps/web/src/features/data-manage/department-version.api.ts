import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPARTMENT_VERSION_API as API, type DepartmentVersionInput, LIMITS } from '@zg/contract';
import { call } from '../../api/endpoint';

/** `GET .../departmentVersion/selectquery`: a page of versions, newest effective date first. */
export function useVersionPage(q: { current: number; keyword: string }) {
  return useQuery({
    queryKey: ['departmentVersion', 'page', q],
    queryFn: ({ signal }) =>
      call(
        API.versionPage,
        { query: { current: q.current, size: LIMITS.defaultPageSize, keyword: q.keyword || undefined } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET .../departmentVersion/{id}/departments` (only while a version is open). */
export function useVersionDepartments(id: number | null) {
  return useQuery({
    queryKey: ['departmentVersion', 'departments', id],
    queryFn: ({ signal }) => call(API.versionDepartments, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

function useVersionMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['departmentVersion'] }),
  });
}

export const useSaveVersion = () =>
  useVersionMutation((input: DepartmentVersionInput & { id?: number }) =>
    input.id === undefined
      ? call(API.versionInsert, { body: input })
      : call(API.versionUpdate, { body: { ...input, id: input.id } }),
  );
export const useEnableVersion = () => useVersionMutation((id: number) => call(API.versionEnable, { params: { id } }));
export const useDeleteVersion = () => useVersionMutation((id: number) => call(API.versionDelete, { params: { id } }));
