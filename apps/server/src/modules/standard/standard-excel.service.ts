import { randomUUID } from 'node:crypto';
import {
  ALGORITHM_KIND_NAMES,
  STANDARD_MSG as M,
  MSG,
  QualityUploadFieldsSchema,
  STANDARD_EXCEL_COLUMNS,
  STANDARD_LIMITS,
  type StandardExcelKey,
  type StandardNode,
} from '@zg/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import type { Hooks } from '../../platform/hooks';
import { algorithmVersionHeads } from '../algorithm';
import { mustCreate } from './standard.policy';
import * as repo from './standard.repository';
import { audit, systemFor } from './standard-access';
import { type PlannedNode, pathKey, planSheet, rowOfNode } from './standard-excel.reader';
import { standardTemplate } from './standard-excel.template';
import { standardWorkbook, workbookBuffer } from './standard-excel.writer';
import { nodeProblems } from './standard-node.rules';
import { MAX_DEPTH } from './standard-tree.rules';
import { getTargetFull } from './standard-tree.service';
import { changeSystem } from './standard-version.service';

/** A system's tree from and to Excel: checking a workbook, importing it (replacing the tree or making a system), exporting. */

const CAL_RULE = /^(.*?)\s*[/／]\s*[Vv](\d{1,6})$/;

/**
 * Resolves the calculation rules and 详情算法 written in the sheet (one lookup), adding a problem for each unknown one
 * or one of the wrong kind (计算规则 a value algorithm, 详情算法 a detail algorithm).
 */
async function resolveCalRules(db: Db, nodes: PlannedNode[], errors: ImportErrors) {
  const texts = [
    ...new Set(nodes.flatMap((n) => [n.calRuleText, n.detailRuleText]).filter((t): t is string => Boolean(t))),
  ];
  if (!texts.length) return;
  const parsed = new Map(
    texts.map((t) => {
      const m = CAL_RULE.exec(t);
      return [t, m ? { name: m[1]!.trim(), number: Number(m[2]) } : { name: t.trim(), number: null }];
    }),
  );
  const heads = await algorithmVersionHeads(db, { names: [...new Set([...parsed.values()].map((p) => p.name))] });
  const header = STANDARD_EXCEL_COLUMNS.find((c) => c.key === 'calRule')!.header;
  for (const n of nodes) {
    if (!n.calRuleText) continue;
    const p = parsed.get(n.calRuleText)!;
    const head = heads.find((h) => h.name === p.name && (p.number === null ? h.current : h.number === p.number));
    if (!head) errors.cell(n.row, header, M.calRuleUnknown(n.calRuleText));
    else if (head.kind !== 'value') errors.cell(n.row, header, M.calRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
    else n.values.calRule = head.versionId;
  }
  const detailHeader = STANDARD_EXCEL_COLUMNS.find((c) => c.key === 'detailRule')!.header;
  for (const n of nodes) {
    if (!n.detailRuleText) continue;
    const p = parsed.get(n.detailRuleText)!;
    const head = heads.find((h) => h.name === p.name && (p.number === null ? h.current : h.number === p.number));
    if (!head) errors.cell(n.row, detailHeader, M.detailRuleUnknown(n.detailRuleText));
    else if (head.kind !== 'detail')
      errors.cell(n.row, detailHeader, M.detailRuleWrongKind(ALGORITHM_KIND_NAMES[head.kind]));
    else n.values.detailRule = head.versionId;
  }
}

/** Reads and checks a workbook: the planned nodes, or a 400 listing every problem by row. */
async function plannedFrom(db: Db, upload: ExcelUpload) {
  const rows = await readSheet(upload, STANDARD_EXCEL_COLUMNS);
  const errors = new ImportErrors();
  if (rows.length > STANDARD_LIMITS.nodesMax) throw badRequest(M.tooMany);
  const { nodes, problems } = planSheet(rows);
  for (const p of problems) {
    if (p.header) errors.cell(p.row, p.header, p.message, p.value);
    else errors.row(p.row, p.message);
  }
  await resolveCalRules(db, nodes, errors);
  for (const n of nodes) for (const message of nodeProblems(n.kind, n.values)) errors.row(n.row, message);
  errors.throwIfAny();
  return nodes;
}

async function insertPlanned(tx: Db, systemId: number, nodes: PlannedNode[]) {
  const ids = new Map<string, number>();
  const byDepth = new Map<number, PlannedNode[]>();
  for (const n of nodes) byDepth.set(n.path.length, [...(byDepth.get(n.path.length) ?? []), n]);
  for (let d = 1; d <= MAX_DEPTH; d++) {
    const level = byDepth.get(d) ?? [];
    const made = await repo.insertNodes(
      tx,
      level.map((n) => ({
        systemId,
        parentId: d === 1 ? null : ids.get(pathKey(n.path.slice(0, -1)))!,
        kind: n.kind,
        name: n.name,
        sortOrder: n.sort,
        nh: n.nh,
        zdbz: n.values.zdbz,
        bzz: n.values.bzz,
        zlx: n.values.zlx,
        fsdl: n.values.fsdl,
        calRule: n.values.calRule,
        detailRule: n.values.detailRule ?? null,
        direction: n.values.direction,
        gradeRule: n.values.gradeRule,
        warningRule: n.values.warningRule,
      })),
    );
    for (const [i, n] of level.entries()) ids.set(pathKey(n.path), made[i]!);
  }
}

interface UploadTarget {
  systemId?: number;
  name?: string;
  dimension?: string;
  startYear?: number;
  endYear?: number;
}

async function checkTarget(db: Db, actor: Actor, t: UploadTarget) {
  if (t.systemId) return void (await systemFor(db, actor, t.systemId, 'write'));
  if (!t.name || !t.dimension || !t.startYear || !t.endYear) throw badRequest(M.uploadFields);
  if (t.endYear < t.startYear) throw badRequest(M.yearsOrder);
  mustCreate(actor);
}

export async function checkQuality(db: Db, actor: Actor, upload: ExcelUpload, target: UploadTarget) {
  await checkTarget(db, actor, target);
  const nodes = await plannedFrom(db, upload);
  const qcpCount = nodes.filter((n) => n.kind === 'qcp').length;
  return { count: nodes.length, qcpCount, message: M.checked(nodes.length) };
}

/** persistQuality: the workbook replaces the system's tree (the old one to the recycle bin), or makes a new system. */
export async function persistQuality(db: Db, hooks: Hooks, actor: Actor, upload: ExcelUpload, target: UploadTarget) {
  await checkTarget(db, actor, target);
  const nodes = await plannedFrom(db, upload);
  return db.transaction(async (tx) => {
    if (target.systemId) {
      const change = await changeSystem(tx, hooks, actor, target.systemId, async (systemId) => {
        const old = (await repo.liveNodes(tx, systemId)).map((n) => n.id);
        await repo.markNodesDeleted(tx, old, randomUUID(), actor.userId);
        await insertPlanned(tx, systemId, nodes);
        return null;
      });
      await audit(tx, actor, 'import', change.systemId, { nodes: nodes.length, versioned: change.versioned });
      return change.versioned ? change : { ...change, message: M.imported(nodes.length) };
    }
    const row = await repo.insertSystem(tx, {
      name: target.name!,
      dimension: target.dimension!,
      startYear: target.startYear!,
      endYear: target.endYear!,
      createdBy: actor.userId,
    });
    await insertPlanned(tx, row.id, nodes);
    await audit(tx, actor, 'import', row.id, { nodes: nodes.length });
    return {
      systemId: row.id,
      version: row.version,
      versioned: false,
      message: M.imported(nodes.length),
      nodeId: null,
    };
  });
}

export async function exportQuality(db: Db, actor: Actor, systemId: number) {
  const { system, tree } = await getTargetFull(db, actor, systemId);
  const rows: Record<StandardExcelKey, string>[] = [];
  const walk = (n: StandardNode, path: string[]) => {
    const here = [...path, n.name];
    rows.push(rowOfNode(here, n, n.calRuleName, n.detailRuleName));
    for (const c of n.children) walk(c, here);
  };
  for (const n of tree) walk(n, []);
  return { name: `${system.name}.xlsx`, buffer: await workbookBuffer(standardWorkbook(rows)) };
}

/** 下载模板: the import template, its columns and instructions. */
export async function templateFile() {
  return { name: '目标标准导入模板.xlsx', buffer: await workbookBuffer(standardTemplate()) };
}

/** The form fields sent with the workbook: which system, or the new one's name, dimension and years (400 otherwise). */
export function uploadTargetOf(fields: Record<string, string | undefined>): UploadTarget {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = QualityUploadFieldsSchema.safeParse(given);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  return parsed.data;
}
