import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEVELOP_API as API } from '@zg/contract';
import { call } from '../../api/endpoint';

/** `GET /api/herm-xxjk/develop/overview`: the whole page in one request (years, targets, tasks, QCPs, figures). */
export function useDevelopOverview(q: { startYear: number; endYear: number; bmid?: string }) {
  return useQuery({
    queryKey: ['develop', 'overview', q],
    queryFn: ({ signal }) => call(API.overview, { query: q }, { signal }),
    placeholderData: keepPreviousData,
    // The page shows its own error state with 重试 (LoadError).
    throwOnError: false,
  });
}
