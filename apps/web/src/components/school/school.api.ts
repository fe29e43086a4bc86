import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listOf,
  type School,
  SchoolOptionsSchema,
  SchoolSchema,
  type SchoolSetting,
  SchoolSettingSchema,
} from '@zg/contract';
import { get, post } from '../../api/client';

export type { School, SchoolSetting };

const SchoolListSchema = listOf(SchoolSchema);
const SchoolsSchema = SchoolSchema.array();

/** The most schools one list call returns (the server's limit); the picker narrows by name and filters below it. */
const SCHOOL_PAGE = 1000;

/** What narrows the picker's school list. */
export interface SchoolFilter {
  name?: string;
  province?: string;
  level?: string;
  nature?: string;
}

/** `GET /api/user/school/list`: schools by name, province, level and nature. */
export function useSchoolList(filter: SchoolFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['school', 'list', filter],
    queryFn: ({ signal }) =>
      get('/api/user/school/list', {
        query: { pageNum: 1, pageSize: SCHOOL_PAGE, ...filter },
        schema: SchoolListSchema,
        signal,
      }),
    enabled,
    // Drawn in place by the dialogs (LoadError), not thrown to the page.
    throwOnError: false,
    staleTime: 5 * 60_000,
    // The last list stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/user/school/options`: the levels, natures and provinces of the schools. */
export function useSchoolOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['school', 'options'],
    queryFn: ({ signal }) => get('/api/user/school/options', { schema: SchoolOptionsSchema, signal }),
    enabled,
    // Drawn in place by the dialogs (LoadError), not thrown to the page.
    throwOnError: false,
    staleTime: 5 * 60_000,
  });
}

const settingKey = ['school', 'selected'] as const;

/** `GET /api/user/school/selected`: the user's saved common-query settings. */
export function useSchoolSetting(enabled: boolean) {
  return useQuery({
    queryKey: settingKey,
    queryFn: ({ signal }) => get('/api/user/school/selected', { schema: SchoolSettingSchema, signal }),
    enabled,
    // Drawn in place by the dialogs (LoadError), not thrown to the page.
    throwOnError: false,
  });
}

/**
 * `POST /api/user/school/updateSelected` with schoolLevel, schoolNature, schoolProvince; the saved settings are
 * fetched again when the server answers meta.success (spec-1 section 7; any other answer rejects).
 */
export function useSaveSchoolSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (setting: SchoolSetting) =>
      post('/api/user/school/updateSelected', setting, { json: true, schema: SchoolSettingSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingKey }),
  });
}

const benchmarkKey = ['school', 'benchmark'] as const;

/** `GET /api/user/school/benchmark`: the user's benchmark schools (对标院校). */
export function useBenchmarkSchools(enabled: boolean) {
  return useQuery({
    queryKey: benchmarkKey,
    queryFn: ({ signal }) => get('/api/user/school/benchmark', { schema: SchoolsSchema, signal }),
    enabled,
  });
}

/** `POST /api/user/school/benchmark/update`: replaces the benchmark schools; the cache takes the answer. */
export function useSaveBenchmarkSchools() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schools: School[]) =>
      post(
        '/api/user/school/benchmark/update',
        { schoolCodes: schools.map((s) => s.schoolCode) },
        { json: true, schema: SchoolsSchema },
      ),
    onSuccess: (saved) => client.setQueryData(benchmarkKey, saved),
  });
}
