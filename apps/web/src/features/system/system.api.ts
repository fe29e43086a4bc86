import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminUserQuery, SYSTEM_ADMIN_API as API, USER_API } from '@zg/contract';
import { App } from 'antd';
import { call } from '../../api/endpoint';

/** 系统管理's calls and queries (SYSTEM_ADMIN_API). */

export const useUsers = (q: Partial<AdminUserQuery> & { pageNum: number }) =>
  useQuery({
    queryKey: ['system', 'users', q],
    queryFn: ({ signal }) => call(API.users, { query: q }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useRoles = () =>
  useQuery({ queryKey: ['system', 'roles'], queryFn: ({ signal }) => call(API.roles, {}, { signal }) });

export const useDepartments = () =>
  useQuery({ queryKey: ['system', 'departments'], queryFn: ({ signal }) => call(API.departments, {}, { signal }) });

export const useUserTypes = () =>
  useQuery({
    queryKey: ['system', 'userTypes'],
    queryFn: ({ signal }) => call(USER_API.userTypeList, { query: { pageNum: 1, pageSize: 100 } }, { signal }),
  });

/** A write that refreshes 系统管理's lists and toasts its success message. */
export function useSystemWrite<T>(fn: (input: T) => Promise<unknown>, success?: string) {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      if (success) message.success(success);
      await client.invalidateQueries({ queryKey: ['system'] });
    },
  });
}
