import { useQuery } from '@tanstack/react-query';
import { DATA_MANAGE_API as API, type DataManageAbilities } from '@zg/contract';
import { call } from '../../api/endpoint';

const NONE: DataManageAbilities = { cycles: false, departmentVersions: false, dataSources: false, algorithms: false };

/**
 * `GET /api/herm-sjgl/abilities`: what the user may keep in 数据管理 (data-manage.policy.ts decides); nothing until it
 * answers or when it fails, so a keeper's tab or button never shows on a guess.
 */
export function useDataManageAbilities() {
  const query = useQuery({
    queryKey: ['dataManage', 'abilities'],
    queryFn: ({ signal }) => call(API.abilities, {}, { signal }),
    staleTime: 5 * 60_000,
    throwOnError: false,
  });
  return { abilities: query.data ?? NONE, isPending: query.isPending };
}
