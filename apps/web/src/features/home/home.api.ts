import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROGRESS_API as API, DIAGNOSIS_API } from '@zg/contract';
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

/** `GET /api/herm-zdgj/rest/obj/todo`: the diagnosis to-dos (null where the user has no such part). */
export function useDiagnosisTodo(enabled: boolean) {
  return useQuery({
    queryKey: ['diagnosis', 'todo'],
    queryFn: ({ signal }) => call(DIAGNOSIS_API.todo, {}, { signal }),
    enabled,
  });
}
