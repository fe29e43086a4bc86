import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTRAIT_API as API, type PortraitKind, type PortrayalAddSchema, PORTRAYAL_API as Y } from '@zg/contract';
import type { z } from 'zod';
import { call } from '../../api/endpoint';

/** 画像分析's calls (herm-xxjk CurrentPortraits and portrayal). */

const KEY = 'portrait';

export function usePortrayalAuth() {
  return useQuery({
    queryKey: [KEY, 'auth'],
    queryFn: ({ signal }) => call(Y.queryPortrayalByAuth, {}, { signal }),
    throwOnError: false,
  });
}

const ENDPOINTS = {
  school: API.querySchoolPortrait,
  college: API.querySchoolPortrait,
  major: API.queryMajorPortrait,
  course: API.queryCoursePortrait,
  teacher: API.queryTeacherPortrait,
  class: API.queryClassPortrait,
  student: API.queryStudentPortrait,
} as const;

/** An object's portrait (the school's when no code). */
export function usePortrait(kind: PortraitKind, code: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'portrait', kind, code ?? null],
    queryFn: ({ signal }) =>
      kind === 'school' || kind === 'college'
        ? call(API.querySchoolPortrait, { query: code ? { code } : {} }, { signal })
        : call(ENDPOINTS[kind], { query: { code: code ?? '' } }, { signal }),
    throwOnError: false,
    retry: false,
  });
}

export function useNextLink(kind: PortraitKind, code: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'next', kind, code ?? null],
    queryFn: ({ signal }) => call(API.queryNextLink, { query: { kind, code: code ?? '' } }, { signal }),
    enabled: Boolean(code) && kind !== 'student' && kind !== 'class',
    throwOnError: false,
    retry: false,
  });
}

/**
 * A paged list of students, searched by 学号 or name: a class's (`class`), or those to follow under a school, college,
 * major or class (`follow`: on 休学, or under 60 in the fitness test).
 */
export function useStudentList(
  list: 'class' | 'follow',
  kind: PortraitKind,
  code: string,
  current: number,
  keyword: string,
) {
  const paging = { code, current, size: 10, ...(keyword ? { keyword } : {}) };
  return useQuery({
    queryKey: [KEY, list, kind, code, current, keyword],
    queryFn: ({ signal }) =>
      list === 'class'
        ? call(API.queryStudentDownClass, { query: paging }, { signal })
        : call(API.queryLeaderFollowStudent, { query: { ...paging, kind } }, { signal }),
    enabled: Boolean(code),
    placeholderData: keepPreviousData,
    throwOnError: false,
    retry: false,
  });
}

/** The detail table of a course or a teacher. */
export function useDetailTable(kind: PortraitKind, code: string | undefined) {
  const endpoint = kind === 'course' ? API.queryCourseDetailPage : API.queryTeacherDetailPage;
  return useQuery({
    queryKey: [KEY, 'detail', kind, code ?? null],
    queryFn: ({ signal }) => call(endpoint, { query: { code: code ?? '' } }, { signal }),
    enabled: Boolean(code) && (kind === 'course' || kind === 'teacher'),
    throwOnError: false,
    retry: false,
  });
}

export function useCards(kind?: PortraitKind) {
  return useQuery({
    queryKey: [KEY, 'cards', kind ?? null],
    queryFn: ({ signal }) => call(Y.queryCardByAuth, { query: kind ? { kind } : {} }, { signal }),
    throwOnError: false,
  });
}

export function useCardAlgorithms(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'algorithms'],
    queryFn: ({ signal }) => call(Y.algorithms, {}, { signal }),
    enabled,
    throwOnError: false,
  });
}

export type CardInput = z.input<typeof PortrayalAddSchema>;

export function useSaveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CardInput & { id?: number }) =>
      v.id ? call(Y.update, { body: { ...v, id: v.id } }) : call(Y.add, { body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useDeleteCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(Y.delete, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}
