import {
  type AlgorithmResult,
  type NextLink,
  PORTRAIT_KIND_NAMES,
  type PortraitKind,
  type PortraitRowPage,
  type PortraitTable,
} from '@zg/contract';
import type { Authority } from './portrait.policy';
import { childrenOf } from './portrait.query';
import { pageRows } from './portrait.rules';
import { type PortraitContext, runPortrait } from './portrait.runner';
import { locate, teachesGrantedMajor } from './portrait.service';

/**
 * The drill-down (CurrentPortraits): the children of an object (school → colleges → majors → courses, classes,
 * teachers), the classes toward the students and a class's students (paged), the detail pages of a course and a
 * teacher, a major's teachers, and the students to follow. Each checks the object against the authority first.
 */

const columnsOf = (r: AlgorithmResult) => r.columns.map((c) => c.name);

/** The children to drill into, grouped by kind (a major's teachers are those who teach its courses). */
export async function nextLink(
  ctx: PortraitContext,
  auth: Authority,
  kind: PortraitKind,
  code: string,
): Promise<NextLink> {
  const at = await locate(ctx, auth, kind, code);
  const children = kind === 'student' ? [] : await childrenOf(ctx.db, at.id);
  if (kind === 'major') {
    const [teachers] = await runPortrait(ctx, [{ key: 'majorTeachers', params: { objectId: code } }]);
    children.push(
      ...teachers!.rows.map((r) => ({ kind: 'teacher' as const, code: String(r.工号), name: String(r.姓名) })),
    );
  }
  const kinds = [...new Set(children.map((c) => c.kind))];
  return {
    object: at.object,
    groups: kinds.map((k) => ({
      kind: k,
      label: PORTRAIT_KIND_NAMES[k].replace('画像', ''),
      items: children.filter((c) => c.kind === k),
    })),
  };
}

async function table(
  ctx: PortraitContext,
  auth: Authority,
  kind: PortraitKind,
  code: string,
  key: 'course' | 'teacher' | 'majorTeachers',
): Promise<PortraitTable> {
  const at = await locate(ctx, auth, kind, code, kind === 'teacher' ? teachesGrantedMajor(ctx, auth, code) : undefined);
  const [r] = await runPortrait(ctx, [{ key, params: { objectId: code } }]);
  return { object: at.object, columns: columnsOf(r!), rows: r!.rows, truncated: r!.truncated };
}

export const courseDetail = (ctx: PortraitContext, auth: Authority, code: string) =>
  table(ctx, auth, 'course', code, 'course');
export const teacherDetail = (ctx: PortraitContext, auth: Authority, code: string) =>
  table(ctx, auth, 'teacher', code, 'teacher');
export const majorTeachingPersonnel = (ctx: PortraitContext, auth: Authority, code: string) =>
  table(ctx, auth, 'major', code, 'majorTeachers');

interface PageQuery {
  code: string;
  current: number;
  size: number;
  keyword?: string;
}

async function page(
  ctx: PortraitContext,
  auth: Authority,
  kind: PortraitKind,
  q: PageQuery,
  key: 'classes' | 'classStudents' | 'followStudents',
  search: readonly string[],
): Promise<PortraitRowPage> {
  const at = await locate(ctx, auth, kind, q.code);
  const [r] = await runPortrait(ctx, [{ key, params: { dimension: kind, objectId: q.code } }]);
  const { records, total } = pageRows(r!.rows, q, search);
  return {
    object: at.object,
    columns: columnsOf(r!),
    records,
    total,
    current: q.current,
    size: q.size,
    pages: Math.ceil(total / q.size),
  };
}

/** The classes under an object (the step toward its students), with their numbers. */
export const studentDown = (ctx: PortraitContext, auth: Authority, q: PageQuery & { kind: PortraitKind }) =>
  page(ctx, auth, q.kind, q, 'classes', ['班级代码', '班级']);
/** A class's students, by 学号 or name. */
export const studentDownClass = (ctx: PortraitContext, auth: Authority, q: PageQuery) =>
  page(ctx, auth, 'class', q, 'classStudents', ['学号', '姓名']);
/** The students to follow under an object. */
export const followStudents = (ctx: PortraitContext, auth: Authority, q: PageQuery & { kind: PortraitKind }) =>
  page(ctx, auth, q.kind, q, 'followStudents', ['学号', '姓名']);
