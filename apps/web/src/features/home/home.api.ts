import { useQueries } from '@tanstack/react-query';
import type { TaskPageKind, TaskStatus } from '@zg/contract';
import { z } from 'zod';
import { get } from '../../api/client';

/** Only the total of a task page is needed for a count. */
const TaskTotalSchema = z.object({ total: z.number().int() });

/** One count of the to-do card: the tasks of a page kind in a state. */
export interface TodoQuery {
  key: string;
  kind: TaskPageKind;
  rwzt?: TaskStatus;
}

/** `GET /api/herm-wbs/targetTask/selectPage` with one row per page: the totals of each to-do, in one go. */
export function useTodoCounts(todos: TodoQuery[], year: number | null, enabled: boolean) {
  return useQueries({
    queries: todos.map((t) => ({
      queryKey: ['home', 'todo', t.kind, t.rwzt ?? '', year],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        get('/api/herm-wbs/targetTask/selectPage', {
          query: { current: 1, size: 1, kind: t.kind, rwzt: t.rwzt, year: year ?? undefined },
          schema: TaskTotalSchema,
          signal,
          quiet: true,
        }),
      enabled,
    })),
  });
}
