import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBomb, zipOf } from '../test/xlsx-bomb';
import { AppError } from './errors';
import { ECHO_MAX_CHARS, echo, ImportErrors, readSheet, type XlsxLimits } from './excel';
import { readZipDirectory } from './zip';

const COLUMNS = [
  { key: 'name', header: '名称' },
  { key: 'day', header: '日期' },
  { key: 'n', header: '数量' },
] as const;
const HEADER = COLUMNS.map((c) => c.header);
const LIMITS: XlsxLimits = { maxRows: 20_000, maxInflatedBytes: 64 * 1024 * 1024 };

/** A workbook of one sheet with these rows: shared strings as Excel writes them, or inline strings (streaming writer). */
async function workbook(rows: ExcelJS.CellValue[][], opts: { inline?: boolean } = {}) {
  if (opts.inline) {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const ws = w.addWorksheet('数据');
    for (const r of rows) ws.addRow(r).commit();
    await w.commit();
    return Buffer.concat(chunks);
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The status and message a promise is refused with. */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe('readSheet', () => {
  it('reads the first sheet: text, dates, numbers, rich text and formulas; empty rows skipped', async () => {
    const long = '质量保证'.repeat(6000); // 72 KB of UTF-8: characters straddle the inflater's chunks
    for (const inline of [false, true]) {
      const buf = await workbook(
        [
          HEADER,
          ['专业群建设', new Date(Date.UTC(2026, 2, 1)), 40],
          [],
          // ExcelJS's streaming reader keeps only the last run of an inline rich text (Excel writes shared ones).
          [
            inline ? '学风建设' : { richText: [{ text: '学风' }, { text: '建设', font: { bold: true } }] },
            '2026-07-31',
            2.5,
          ],
          [long, '', { formula: '1+1', result: 2 }],
        ],
        { inline },
      );
      const rows = await readSheet({ bytes: buf, limits: LIMITS }, COLUMNS);
      expect(rows.map((r) => r.row)).toEqual([2, 4, 5]);
      expect(rows[0]!.values).toEqual({ name: '专业群建设', day: '2026-03-01', n: '40' });
      expect(rows[1]!.values).toEqual({ name: '学风建设', day: '2026-07-31', n: '2.5' });
      expect(rows[2]!.values.name).toBe(long);
      expect(rows[2]!.values.n).toBe('2');
    }
  });

  it('refuses a header other than the columns, a sheet without data and bytes that are not a workbook', async () => {
    const wrong = await workbook([['名字', '日期', '数量']]);
    expect(await refusal(readSheet({ bytes: wrong, limits: LIMITS }, COLUMNS))).toEqual({
      status: 400,
      message: '表头与模板不一致，请下载最新模板',
    });
    const empty = await workbook([HEADER]);
    expect((await refusal(readSheet({ bytes: empty, limits: LIMITS }, COLUMNS))).message).toBe('表格中没有数据');
    for (const bytes of [Buffer.from('a,b\n1,2'), (await workbook([HEADER])).subarray(0, 900)]) {
      expect(await refusal(readSheet({ bytes, limits: LIMITS }, COLUMNS))).toEqual({
        status: 400,
        message: '请上传 .xlsx 格式的 Excel 文件',
      });
    }
  });

  it('refuses a zip bomb from its declared sizes before inflating it', async () => {
    const bomb = xlsxBomb({ header: HEADER, inflatedBytes: 200 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(readSheet({ bytes: bomb, limits: LIMITS }, COLUMNS))).toEqual({
      status: 413,
      message: '表格内容过大（解压后超过 64 MB），请删除多余的内容或分批导入',
    });
  });

  it('stops a bomb whose headers lie as soon as it inflates past what they declare', async () => {
    const bomb = xlsxBomb({ header: HEADER, inflatedBytes: 200 * 1024 * 1024, declared: 64 * 1024 });
    const entry = readZipDirectory(bomb, { maxEntries: 10, maxTotalBytes: LIMITS.maxInflatedBytes, maxRatio: 100 });
    expect(entry.get('xl/worksheets/sheet1.xml')?.uncompressedSize).toBe(64 * 1024);
    expect(await refusal(readSheet({ bytes: bomb, limits: LIMITS }, COLUMNS))).toEqual({
      status: 413,
      message: '表格内容过大（解压后超过 64 MB），请删除多余的内容或分批导入',
    });
  });

  it('refuses an honest workbook whose content is over the budget', async () => {
    // Text that compresses as prose does (a few times), a kilobyte a row.
    const text = (i: number) =>
      Array.from({ length: 16 }, (_, k) => createHash('sha256').update(`${i}.${k}`).digest('hex')).join('');
    const rows = await workbook([HEADER, ...Array.from({ length: 1000 }, (_, i) => [text(i), '2026-01-01', i])]);
    const limits = { ...LIMITS, maxInflatedBytes: 1024 * 1024 };
    expect(await refusal(readSheet({ bytes: rows, limits }, COLUMNS))).toEqual({
      status: 413,
      message: '表格内容过大（解压后超过 1 MB），请删除多余的内容或分批导入',
    });
    expect(await readSheet({ bytes: rows, limits: LIMITS }, COLUMNS)).toHaveLength(1000);
  });

  it('refuses more data rows than allowed', async () => {
    const buf = await workbook([HEADER, ...Array.from({ length: 11 }, (_, i) => [`第${i}项`, '2026-01-01', i])]);
    expect(await refusal(readSheet({ bytes: buf, limits: { ...LIMITS, maxRows: 10 } }, COLUMNS))).toEqual({
      status: 413,
      message: '表格行数过多（最多 10 行数据），请分批导入',
    });
    expect(await readSheet({ bytes: buf, limits: { ...LIMITS, maxRows: 11 } }, COLUMNS)).toHaveLength(11);
  });

  it('refuses a zip of too many entries, and a large part compressed far more than a sheet is', async () => {
    const many = zipOf(
      Array.from({ length: 2001 }, (_, i) => ({ name: `x/${i}.xml`, deflated: Buffer.from([3, 0]), size: 0, crc: 0 })),
    );
    expect((await refusal(readSheet({ bytes: many, limits: LIMITS }, COLUMNS))).status).toBe(413);
    const dense = xlsxBomb({ header: HEADER, inflatedBytes: 8 * 1024 * 1024 });
    expect((await refusal(readSheet({ bytes: dense, limits: LIMITS }, COLUMNS))).status).toBe(413);
  });
});

describe('import error reports', () => {
  it('cuts an echoed value to a few dozen characters on one line, without the list separator', () => {
    expect(echo('2026-13-01')).toBe('2026-13-01');
    expect(echo('甲'.repeat(ECHO_MAX_CHARS))).toBe('甲'.repeat(ECHO_MAX_CHARS));
    expect(echo('甲'.repeat(100_000))).toBe(`${'甲'.repeat(ECHO_MAX_CHARS)}…`);
    expect(echo('😀'.repeat(40))).toBe(`${'😀'.repeat(ECHO_MAX_CHARS)}…`);
    expect(echo('a；b\n\tc')).toBe('a;b c');
  });

  it('names row, column and rule, lists at most 20 problems and counts them all', () => {
    const errors = new ImportErrors();
    for (let row = 2; row < 1002; row++)
      errors.cell(row, '开始时间', '日期格式不正确', `2026-13-01${'x'.repeat(50_000)}`);
    errors.row(1002, '结束时间不能早于开始时间');
    let message = '';
    try {
      errors.throwIfAny();
    } catch (err) {
      message = (err as AppError).message;
    }
    expect(
      message.startsWith('导入失败，共1001处错误，未导入任何数据：第2行「开始时间」：日期格式不正确（“2026-13-01x'),
    ).toBe(true);
    const parts = message.slice(message.indexOf('：') + 1).split('；');
    expect(parts).toHaveLength(21);
    expect(parts[20]).toBe('……另有981处错误未列出');
    expect(Buffer.byteLength(message)).toBeLessThan(8 * 1024);
    expect(() => new ImportErrors().throwIfAny()).not.toThrow();
  });

  it('lists and reports the problems in row order, whatever order the checks found them in (issue 28)', () => {
    const errors = new ImportErrors();
    // A first pass finds cell problems of rows 5 and 9, a second pass (duplicates) rows 3 and 7.
    errors.cell(5, '学号', '不能为空');
    errors.cell(9, '学号', '不能为空');
    errors.cell(3, '学号', '与第2行重复', 'S01');
    errors.cell(7, '学号', '与第2行重复', 'S02');
    errors.cell(5, '姓名', '不能为空');
    expect(errors.report.map((r) => [r.row, r.column])).toEqual([
      [3, '学号'],
      [5, '学号'],
      [5, '姓名'],
      [7, '学号'],
      [9, '学号'],
    ]);
    let message = '';
    try {
      errors.throwIfAny();
    } catch (err) {
      message = (err as AppError).message;
    }
    const rows = [...message.matchAll(/第(\d+)行「/g)].map((m) => Number(m[1]));
    expect(rows).toEqual([3, 5, 5, 7, 9]);
  });

  it('keeps the first problems by row when more are found than are reported', () => {
    const errors = new ImportErrors();
    for (let row = 2000; row > 1; row--) errors.cell(row, '姓名', '不能为空');
    expect(errors.count).toBe(1999);
    expect(errors.report).toHaveLength(500);
    expect(errors.report[0]!.row).toBe(2);
    expect(errors.report.at(-1)!.row).toBe(501);
  });
});
