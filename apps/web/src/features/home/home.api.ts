import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TodoCountsSchema } from '@zg/contract';
import { get } from '../../api/client';

/** `GET /api/herm-wbs/todo/counts`: every count of the to-do card, by the roles the user holds, in one request. */
export function useTodoCounts(year: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'todo', year],
    queryFn: ({ signal }) =>
      get('/api/herm-wbs/todo/counts', { query: { year: year ?? undefined }, schema: TodoCountsSchema, signal }),
    // Another year keeps the tiles of the last one until its counts arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
}
