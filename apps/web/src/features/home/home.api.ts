import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TaskPageKind, type TaskStatus, UrgeSchema, WarningCountsSchema } from '@zg/contract';
import { z } from 'zod';
import { get, post } from '../../api/client';

const UrgeListSchema = UrgeSchema.array();
/** Only the total of a task page is needed for a count. */
const TaskTotalSchema = z.object({ total: z.number().int() });

/** Which warning counts (spec-1 section 6): over visible tasks, the user's own, the user's departments'. */
export type WarningScope = 'total' | 'personal' | 'department';
const WARNING_PATHS: Record<WarningScope, string> = {
  total: '/api/herm-wbs/Task/getWarningCountList',
  personal: '/api/herm-wbs/Task/getPersonalWarningCountList',
  department: '/api/herm-wbs/Task/getDepartmentWarningCountList',
};

/** `GET /api/herm-wbs/Task/get*WarningCountList`: warning counts of one scope. */
export function useWarningCounts(scope: WarningScope, enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'warningCounts', scope],
    queryFn: ({ signal }) => get(WARNING_PATHS[scope], { schema: WarningCountsSchema, signal, quiet: true }),
    enabled,
  });
}

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

/** `GET /api/herm-wbs/yearTargetUrge/list?mine=true`: urges received by the departments the user heads. */
export function useMyUrges(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'urges'],
    queryFn: ({ signal }) =>
      get('/api/herm-wbs/yearTargetUrge/list', {
        query: { mine: 'true' },
        schema: UrgeListSchema,
        signal,
        quiet: true,
      }),
    enabled,
  });
}

/** `POST /api/herm-wbs/warningUrge/acceptUrge`, then the urge list again. */
export function useAcceptUrge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post('/api/herm-wbs/warningUrge/acceptUrge', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['home', 'urges'] }),
  });
}
