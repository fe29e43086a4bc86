import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UrgeSchema, WarningCountsSchema } from '@zg/contract';
import { get, post } from '../../api/client';

const UrgeListSchema = UrgeSchema.array();

/** `GET /api/herm-wbs/Task/getWarningCountList`: warning counts over the tasks the user sees. */
export function useWarningCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'warningCounts'],
    queryFn: ({ signal }) =>
      get('/api/herm-wbs/Task/getWarningCountList', { schema: WarningCountsSchema, signal, quiet: true }),
    enabled,
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
