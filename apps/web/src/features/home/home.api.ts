import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROGRESS_API as API } from '@zg/contract';
import { call } from '../../api/endpoint';

/** `GET /api/herm-wbs/todo/counts`: every count of the to-do card, by the roles the user holds, in one request. */
export function useTodoCounts(year: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'todo', year],
    queryFn: ({ signal }) => call(API.todoCounts, { query: { year: year ?? undefined } }, { signal }),
    // Another year keeps the tiles of the last one until its counts arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
}
