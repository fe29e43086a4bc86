import { PORTRAIT_MSG as M, type Portrait, type PortraitKind, type PortraitObject } from '@zg/contract';
import { notFound } from '../../platform/errors';
import { objectGrades } from '../diagnosis';
import { type Authority, covers, mustCover } from './portrait.policy';
import { majorCodesUnder, objectChain, schoolCode } from './portrait.query';
import { builtInCards, latestYear, radarOf, trendOf } from './portrait.rules';
import { type PortraitContext, runCards, runPortrait } from './portrait.runner';
import { listCards } from './portrayal.repository';

/**
 * The portraits (CurrentPortraits): an object's cards of key figures (the built-in ones of its kind from
 * 画像·历年指标's latest year, then the configured cards' value algorithms for that year), the radar of its latest
 * diagnosis grades, and its trend over the years. A student is a warehouse row (画像·学生档案), placed under its class.
 */

const strip = ({ kind, code, name }: PortraitObject) => ({ kind, code, name });

export interface Located {
  object: PortraitObject;
  /** The object's ancestors' objects, school first. */
  path: PortraitObject[];
  /** The dimension object's id (the class's for a student). */
  id: number;
  /** For a student: the warehouse row. */
  info: Record<string, unknown>;
}

/** The object of a kind and code within the authority: 404 when there is none, 403 outside the authority. */
export async function locate(
  ctx: PortraitContext,
  auth: Authority,
  kind: PortraitKind,
  code: string,
  alsoCovered?: () => Promise<boolean>,
): Promise<Located> {
  if (kind === 'student') {
    const [student] = await runPortrait(ctx, [{ key: 'student', params: { objectId: code } }]);
    const row = student!.rows[0];
    if (!row) throw notFound(M.studentNotFound);
    const found = await objectChain(ctx.db, 'class', String(row.班级代码 ?? ''));
    if (!found) throw notFound(M.studentNotFound);
    const object = { kind, code, name: String(row.姓名 ?? code) };
    mustCover(
      auth,
      found.chain.map((c) => c.id),
      object,
    );
    return { object, path: found.chain.map(strip).reverse(), id: found.chain[0]!.id, info: row };
  }
  const found = await objectChain(ctx.db, kind, code);
  if (!found) throw notFound(M.objectNotFound);
  const [self, ...ancestors] = found.chain;
  const ids = found.chain.map((c) => c.id);
  if (!covers(auth, ids) && !(alsoCovered && (await alsoCovered()))) mustCover(auth, ids, self!);
  return { object: strip(self!), path: ancestors.map(strip).reverse(), id: self!.id, info: {} };
}

/**
 * A teacher outside the authority's tree may still be one who teaches a granted major's courses (the major head
 * opens them from 任课教师): checked through 画像·专业教师 of each granted major.
 */
export function teachesGrantedMajor(ctx: PortraitContext, auth: Authority, teacherCode: string) {
  return async () => {
    const majors = auth.roots.filter((r) => r.kind === 'major');
    if (!majors.length) return false;
    const lists = await runPortrait(
      ctx,
      majors.map((m) => ({ key: 'majorTeachers' as const, params: { objectId: m.code } })),
    );
    return lists.some((l) => l.rows.some((r) => r.工号 === teacherCode));
  };
}

/** The portrait of an object. */
export async function portraitOf(
  ctx: PortraitContext,
  auth: Authority,
  kind: PortraitKind,
  code: string,
): Promise<Portrait> {
  const at = await locate(ctx, auth, kind, code, kind === 'teacher' ? teachesGrantedMajor(ctx, auth, code) : undefined);
  // A student's figures are its class's (the warehouse keeps results per class).
  const figuresOf =
    kind === 'student'
      ? { dimension: 'class', objectId: String(at.info.班级代码) }
      : { dimension: kind, objectId: code };
  const radarCodes =
    kind === 'school' || kind === 'college'
      ? majorCodesUnder(ctx.db, at.id).then((m) => [code, ...m])
      : Promise.resolve([code]);
  const [[yearly], graded, cards] = await Promise.all([
    runPortrait(ctx, [{ key: 'yearly', params: figuresOf }]),
    kind === 'student' ? null : radarCodes.then((codes) => objectGrades(ctx.db, codes)),
    listCards(ctx.db, [kind]),
  ]);
  const rows = yearly!.rows;
  const year = latestYear(rows, kind);
  const values = await runCards(ctx, cards, { objectId: code, ...(year === null ? {} : { year }) });
  return {
    object: at.object,
    path: at.path,
    year,
    cards: [
      ...builtInCards(rows, kind),
      ...cards.map((c) => ({
        key: `card-${c.id}`,
        label: c.label,
        unit: c.unit,
        year,
        configured: true,
        value: values.get(c.id)?.value ?? null,
        error: values.get(c.id)?.error ?? null,
      })),
    ],
    radar: radarOf(graded),
    trend: trendOf(rows, kind),
    info: at.info,
  };
}

/** querySchoolPortrait: the school's portrait, or a college's when its code is given. */
export async function schoolOrCollege(ctx: PortraitContext, auth: Authority, code?: string) {
  const school = await schoolCode(ctx.db);
  if (!code || code === school) {
    if (!school) throw notFound(M.objectNotFound);
    return portraitOf(ctx, auth, 'school', school);
  }
  return portraitOf(ctx, auth, 'college', code);
}
