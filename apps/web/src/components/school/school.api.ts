import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REFERENCE_API as API, type School, type SchoolSetting } from '@zg/contract';
import { call } from '../../api/endpoint';

export type { School, SchoolSetting };

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
      call(API.schoolList, { query: { pageNum: 1, pageSize: SCHOOL_PAGE, ...filter } }, { signal }),
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
    queryFn: ({ signal }) => call(API.schoolOptions, {}, { signal }),
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
    queryFn: ({ signal }) => call(API.schoolSelected, {}, { signal }),
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
    mutationFn: (setting: SchoolSetting) => call(API.schoolUpdateSelected, { body: setting }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingKey }),
  });
}

const benchmarkKey = ['school', 'benchmark'] as const;

/** `GET /api/user/school/benchmark`: the user's benchmark schools (对标院校). */
export function useBenchmarkSchools(enabled: boolean) {
  return useQuery({
    queryKey: benchmarkKey,
    queryFn: ({ signal }) => call(API.benchmark, {}, { signal }),
    enabled,
  });
}

/** `POST /api/user/school/benchmark/update`: replaces the benchmark schools; the cache takes the answer. */
export function useSaveBenchmarkSchools() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schools: School[]) =>
      call(API.benchmarkUpdate, { body: { schoolCodes: schools.map((s) => s.schoolCode) } }),
    onSuccess: (saved) => client.setQueryData(benchmarkKey, saved),
  });
}
