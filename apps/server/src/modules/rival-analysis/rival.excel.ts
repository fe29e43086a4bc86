import {
  DOUBLE_HIGH_COLUMNS,
  DOUBLE_HIGH_KINDS,
  type DoubleHighKind,
  RIVAL_COLUMNS,
  RIVAL_INDICATORS,
} from '@zg/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { type ExcelUpload, ImportErrors, readSheet } from '../../platform/excel';
import { existingSchoolCodes, schoolsByCodes } from '../reference';
import { allFigures, allUnits, lockFigureImports, replaceFigures, upsertUnits } from './rival.repository';
import { type CellProblem, checkFigureRows, checkUnitRows } from './rival.rules';

/** The two workbooks of 对标分析: the schools' figures and the double-high list (template, import, export). */

function sheet(name: string, columns: readonly { key: string; header: string; width: number }[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return { wb, ws };
}

function notes(wb: ExcelJS.Workbook, rows: [string, string][]) {
  const ws = wb.addWorksheet('填写说明');
  ws.columns = [
    { header: '列', key: 'col', width: 16 },
    { header: '填写说明', key: 'note', width: 90 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRows(rows.map(([col, note]) => ({ col, note })));
}

const buffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

function throwProblems(problems: CellProblem[]) {
  const errors = new ImportErrors();
  for (const p of problems) errors.cell(p.row, p.column, p.rule, p.value);
  errors.throwIfAny();
}

export async function figuresTemplate() {
  const { wb } = sheet('院校指标', RIVAL_COLUMNS);
  notes(wb, [
    ['学校代码', '必填，学校列表中的学校代码（本校与对标院校、双高院校）'],
    ['学校名称', '可空，仅便于阅读，以学校代码为准'],
    ['年份', '必填，质量年度报告的年份，如 2025'],
    ...RIVAL_INDICATORS.map((i): [string, string] => [
      i.unit ? `${i.name}(${i.unit})` : i.name,
      `可空，数字，0-${i.max}${i.unit === '%' ? '（百分数填写数字，如 92.5）' : ''}`,
    ]),
    ['示例数据', '可空，是 或 否（空为否）；演示用的非真实数据填 是'],
    ['', '同一学校同一年份在文件中只出现一次；导入时该学校该年份原有的指标数据整体替换'],
    ['', '数据来源：各校《高等职业教育质量年度报告》公开数据'],
  ]);
  return { name: '院校指标导入模板.xlsx', buffer: await buffer(wb) };
}

export async function figuresExport(db: Db) {
  const figures = await allFigures(db);
  const names = new Map(
    (await schoolsByCodes(db, [...new Set(figures.map((f) => f.schoolCode))])).map((s) => [s.schoolCode, s.schoolName]),
  );
  const { wb, ws } = sheet('院校指标', RIVAL_COLUMNS);
  const rows = new Map<string, Record<string, string | number>>();
  for (const f of figures) {
    const key = `${f.schoolCode}|${f.year}`;
    let row = rows.get(key);
    if (!row) {
      row = { schoolCode: f.schoolCode, schoolName: names.get(f.schoolCode) ?? '', year: f.year, sample: '否' };
      rows.set(key, row);
    }
    row[f.indicator] = f.value;
    if (f.sample) row.sample = '是';
  }
  ws.addRows([...rows.values()]);
  return { name: '院校指标数据.xlsx', buffer: await buffer(wb) };
}

/** Imports the figures' sheet: all rows or none, every bad row named. */
export async function importFigures(db: Db, actor: Actor, upload: ExcelUpload) {
  const rows = await readSheet(upload, RIVAL_COLUMNS);
  const known = await existingSchoolCodes(db, [...new Set(rows.map((r) => r.values.schoolCode ?? '').filter(Boolean))]);
  const { problems, records } = checkFigureRows(rows, known);
  throwProblems(problems);
  await db.transaction(async (tx) => {
    await lockFigureImports(tx);
    await replaceFigures(tx, records, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'rival.import',
      entityType: 'rivalFigures',
      detail: { rows: rows.length, figures: records.length },
    });
  });
  return { count: rows.length };
}

export async function unitsTemplate() {
  const { wb } = sheet('双高名单', DOUBLE_HIGH_COLUMNS);
  notes(wb, [
    ['批次年份', '必填，如 2019（第一轮）'],
    ['学校名称', '必填，以公布名单为准；同一批次内唯一，已存在的将更新'],
    ['学校代码', '可空，学校列表中的学校代码；填写后该校的指标数据参与双高对比'],
    ['类别', `必填，${Object.values(DOUBLE_HIGH_KINDS).join(' 或 ')}`],
    ['档次', '必填，A、B 或 C'],
    ['专业群', '可空，多个用、分隔'],
    ['来源', '可空，名单的出处（公告文号或网址）'],
    ['示例', '可空，是 或 否（空为否）；非公布名单的演示数据填 是'],
    [
      '',
      '官方名单：教职成函〔2019〕14号，共197个单位（高水平学校56所：A档10、B档20、C档26；高水平专业群141所：A档26、B档59、C档56）',
    ],
  ]);
  return { name: '双高名单导入模板.xlsx', buffer: await buffer(wb) };
}

export async function unitsExport(db: Db, year?: number) {
  const { wb, ws } = sheet('双高名单', DOUBLE_HIGH_COLUMNS);
  ws.addRows(
    (await allUnits(db, year)).map((u) => ({
      ...u,
      schoolCode: u.schoolCode ?? '',
      kind: DOUBLE_HIGH_KINDS[u.kind as DoubleHighKind],
      sample: u.sample ? '是' : '否',
    })),
  );
  return { name: '双高建设单位名单.xlsx', buffer: await buffer(wb) };
}

/** Imports the double-high list: all rows or none, every bad row named; units are added or updated by round and name. */
export async function importUnits(db: Db, actor: Actor, upload: ExcelUpload) {
  const rows = await readSheet(upload, DOUBLE_HIGH_COLUMNS);
  const known = await existingSchoolCodes(db, [...new Set(rows.map((r) => r.values.schoolCode ?? '').filter(Boolean))]);
  const { problems, units } = checkUnitRows(rows, known);
  throwProblems(problems);
  await db.transaction(async (tx) => {
    await lockFigureImports(tx);
    await upsertUnits(tx, units, actor.userId);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'doubleHigh.import',
      entityType: 'doubleHighUnits',
      detail: { rows: units.length },
    });
  });
  return { count: units.length };
}
