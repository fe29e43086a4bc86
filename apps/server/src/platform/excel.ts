import path from 'node:path';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { EXCEL_MSG, FILE_MSG } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError, badRequest } from './errors';
import { InflateBudget, openZipEntry, readZipDirectory, type ZipEntry, ZipRefusal } from './zip';

/**
 * The one bounded way to read an uploaded Excel workbook (every import goes through it). The upload is capped while it
 * streams in; the zip is checked before anything is inflated; the first sheet is then read row by row with ExcelJS's
 * streaming parsers over inflating streams that count their bytes, so a workbook is refused (413) as soon as it
 * inflates past the budget or holds too many rows, whatever its headers claim, and memory stays bounded meanwhile.
 */

export interface XlsxLimits {
  /** Data rows of one sheet (rows with content after the header). */
  maxRows: number;
  /** Bytes inflated from the whole workbook (and the sum of its entries' declared sizes). */
  maxInflatedBytes: number;
}

/** Size of the uploaded .xlsx file itself. */
export const XLSX_MAX_UPLOAD_MB = 5;
/** Entries of the zip: a workbook has a dozen, a few hundred with many sheets and pictures. */
const XLSX_MAX_ENTRIES = 2000;
/** Inflated / compressed per large entry: sheets compress 10 to 20 times; a zip bomb a thousand. */
const XLSX_MAX_RATIO = 100;
/** Characters between two '<' (one text node or tag): Excel keeps a cell under 32 767 characters. */
const MAX_TEXT_RUN = 1024 * 1024;
/** An echoed cell value is cut to this many characters in error reports. */
export const ECHO_MAX_CHARS = 30;
/** Row problems listed in one import refusal, and their total length (the count covers all of them). */
const ERRORS_LISTED = 20;
const ERRORS_LISTED_CHARS = 2000;
/** Problems kept, structured, for a report shown as a table (a background import's result). */
export const ERRORS_REPORTED = 500;

export const xlsxLimits = (config: Config): XlsxLimits => ({
  maxRows: config.XLSX_MAX_ROWS,
  maxInflatedBytes: config.XLSX_MAX_INFLATED_MB * 1024 * 1024,
});

/** An uploaded workbook with the limits it is read under. */
export interface ExcelUpload {
  bytes: Buffer;
  limits: XlsxLimits;
}

/**
 * The uploaded .xlsx of a multipart request (and the fields sent before it): read as a stream and cut off past
 * XLSX_MAX_UPLOAD_MB (413), never buffered beyond that.
 */
export async function excelUpload(req: FastifyRequest) {
  const part = await req.file({ limits: { fileSize: XLSX_MAX_UPLOAD_MB * 1024 * 1024 } });
  if (!part) throw badRequest(FILE_MSG.selectFirstImport);
  if (!part.filename.toLowerCase().endsWith('.xlsx')) {
    part.file.resume();
    throw new AppError(415, FILE_MSG.fileTypeError);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, EXCEL_MSG.fileTooLarge(XLSX_MAX_UPLOAD_MB));
    }
    throw err;
  }
  const fields = Object.fromEntries(
    Object.entries(part.fields).map(([k, f]) => [
      k,
      f && !Array.isArray(f) && 'value' in f ? String(f.value) : undefined,
    ]),
  );
  const upload: ExcelUpload = { bytes, limits: xlsxLimits(req.server.config) };
  return { upload, fields };
}

/** Cell text: dates as YYYY-MM-DD, numbers as written, rich text flattened, formulas as their result. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text ?? '')
        .join('')
        .trim();
    if ('text' in v) return String(v.text).trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v).trim();
}

/** Decodes an entry's bytes to text (a character split across chunks stays whole) and refuses an endless text run. */
class XmlText extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private run = 0;
  constructor() {
    super({ readableObjectMode: true });
  }
  private check(s: string) {
    const first = s.indexOf('<');
    if (first < 0) this.run += s.length;
    else {
      if (this.run + first > MAX_TEXT_RUN) return false;
      this.run = s.length - s.lastIndexOf('<') - 1;
    }
    return this.run <= MAX_TEXT_RUN;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const s = this.decoder.write(chunk);
    if (!this.check(s)) return done(new ZipRefusal('tooLarge', 'text run'));
    done(null, s || undefined);
  }
  override _flush(done: TransformCallback) {
    const s = this.decoder.end();
    done(null, s || undefined);
  }
}

/** The parts of ExcelJS 4.4's streaming WorkbookReader used here: its parsers, fed our bounded streams. */
interface ReaderParts {
  workbookRels?: { Id: string; Target: string; Type: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** A row of the first sheet: its number and the text of its first `width` cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

function refusal(err: unknown, limits: XlsxLimits): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZipRefusal && err.kind === 'tooLarge') {
    return new AppError(413, EXCEL_MSG.tooLarge(Math.round(limits.maxInflatedBytes / 1024 / 1024)));
  }
  return badRequest(EXCEL_MSG.notExcel);
}

/** A part's path inside the zip from a workbook relationship target ('worksheets/sheet1.xml' or '/xl/...'). */
const partPath = (target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target));

/**
 * Rows of the first worksheet that have content in their first `width` cells, streamed. Throws 400 (not a workbook)
 * or 413 (past the limits) with a Chinese message.
 */
export async function* sheetRows(upload: ExcelUpload, width: number): AsyncGenerator<SheetRow> {
  const { bytes, limits } = upload;
  const opened: Readable[] = [];
  try {
    const entries = readZipDirectory(bytes, {
      maxEntries: XLSX_MAX_ENTRIES,
      maxTotalBytes: limits.maxInflatedBytes,
      maxRatio: XLSX_MAX_RATIO,
    });
    const budget = new InflateBudget(limits.maxInflatedBytes);
    const part = (name: string | undefined) => {
      const entry: ZipEntry | undefined = name ? entries.get(name) : undefined;
      if (!entry) return null;
      const text = new XmlText();
      pipeline(openZipEntry(bytes, entry, budget), text, () => {});
      opened.push(text);
      return text;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as ReaderParts;
    const rels = part('xl/_rels/workbook.xml.rels');
    if (!rels) throw badRequest(EXCEL_MSG.notExcel);
    await reader._parseRels(rels);
    const book = part('xl/workbook.xml');
    if (!book) throw badRequest(EXCEL_MSG.notExcel);
    await reader._parseWorkbook(book);
    const relOf = (type: string) => reader.workbookRels?.find((r) => r.Type?.endsWith(`/${type}`));
    const styles = part(partPath(relOf('styles')?.Target ?? 'styles.xml'));
    if (styles) await reader._parseStyles(styles);
    const strings = part(partPath(relOf('sharedStrings')?.Target ?? 'sharedStrings.xml'));
    if (strings) for await (const _ of reader._parseSharedStrings(strings));
    const sheetRel = (reader.model?.sheets ?? [])
      .map((s) => reader.workbookRels?.find((r) => r.Id === s.rId))
      .find((r) => r?.Type?.endsWith('/worksheet'));
    const sheet = part(sheetRel ? partPath(sheetRel.Target) : undefined);
    if (!sheet) throw badRequest(EXCEL_MSG.emptySheet);
    const [emitted] = [...reader._parseWorksheet(sheet, '1')];
    if (!emitted) throw badRequest(EXCEL_MSG.emptySheet);
    let withContent = 0;
    for await (const r of emitted.value) {
      const cells = Array.from({ length: width }, (_, i) => cellText(r.getCell(i + 1).value));
      if (!cells.some(Boolean)) continue;
      // The header row is one more than the data rows allowed.
      if (++withContent > limits.maxRows + 1) throw new AppError(413, EXCEL_MSG.tooManyRows(limits.maxRows));
      yield { row: r.number, cells };
    }
  } catch (err) {
    throw refusal(err, limits);
  } finally {
    for (const s of opened) s.destroy();
  }
}

/**
 * The first sheet's data rows as objects keyed by column key, after checking its first row is the columns' header.
 * Rows without any value are skipped; a sheet with none is refused.
 */
export async function readSheet(upload: ExcelUpload, columns: readonly { key: string; header: string }[]) {
  const rows: { row: number; values: Record<string, string> }[] = [];
  let header = false;
  for await (const { row, cells } of sheetRows(upload, columns.length)) {
    if (!header) {
      if (row !== 1 || columns.some((c, i) => cells[i] !== c.header)) throw badRequest(EXCEL_MSG.headerMismatch);
      header = true;
      continue;
    }
    rows.push({ row, values: Object.fromEntries(columns.map((c, i) => [c.key, cells[i] ?? ''])) });
  }
  if (!header) throw badRequest(EXCEL_MSG.headerMismatch);
  if (rows.length === 0) throw badRequest(EXCEL_MSG.emptySheet);
  return rows;
}

/** A cell value as echoed in an error: on one line, without the list separator, cut to ECHO_MAX_CHARS. */
export function echo(value: string): string {
  const head = Array.from(value.slice(0, ECHO_MAX_CHARS * 2 + 2));
  const cut = head.length > ECHO_MAX_CHARS || value.length > ECHO_MAX_CHARS * 2 + 2;
  const shown = head
    .slice(0, ECHO_MAX_CHARS)
    .join('')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/；/g, ';');
  return cut ? `${shown}…` : shown;
}

/**
 * The problems of an import, each naming its row, column and rule; thrown as one 400 that lists the first few within a
 * bounded length and counts them all, so a sheet of bad rows never makes a large answer. The problems are listed and
 * reported in the sheet's row order (then in the order found within a row), whatever order the checks found them in:
 * a check of the whole sheet (duplicates, a second pass) may find row 3's problem after row 90's.
 */
export class ImportErrors {
  count = 0;
  /** The first ERRORS_REPORTED problems by row, structured (row, column, rule, value cut short). */
  readonly report: { row: number; column: string; reason: string; value: string | null }[] = [];
  /** The messages of the problems kept (the same ones as `report`, in the same order). */
  private readonly messages: string[] = [];

  /** A cell breaks a rule; its value (if any) is echoed cut short. */
  cell(row: number, header: string, rule: string, value?: string) {
    const shown = value ? echo(value) : undefined;
    this.keep({ row, column: header, reason: rule, value: shown ?? null }, EXCEL_MSG.cell(row, header, rule, shown));
  }

  /** A problem of the whole row (a message of our own, cut short in case it quotes input). */
  row(row: number, message: string) {
    const cut = message.length > 200 ? `${message.slice(0, 200)}…` : message;
    this.keep({ row, column: '', reason: cut, value: null }, EXCEL_MSG.row(row, cut));
  }

  /** Keeps the problem in row order among the first ERRORS_REPORTED by row (the last by row drops out). */
  private keep(entry: ImportErrors['report'][number], message: string) {
    this.count++;
    if (this.report.length >= ERRORS_REPORTED && entry.row >= this.report[this.report.length - 1]!.row) return;
    // After every kept problem of the same or an earlier row: found order within a row.
    let at = this.report.length;
    while (at > 0 && this.report[at - 1]!.row > entry.row) at--;
    this.report.splice(at, 0, entry);
    this.messages.splice(at, 0, message);
    if (this.report.length > ERRORS_REPORTED) {
      this.report.pop();
      this.messages.pop();
    }
  }

  /** The first problems' messages by row, at most ERRORS_LISTED within ERRORS_LISTED_CHARS. */
  private get listed() {
    const out: string[] = [];
    let chars = 0;
    for (const m of this.messages) {
      if (out.length >= ERRORS_LISTED || chars + m.length > ERRORS_LISTED_CHARS) break;
      out.push(m);
      chars += m.length;
    }
    return out;
  }

  /** The refusal listing the problems, or nothing when there are none. */
  throwIfAny() {
    if (this.count === 0) return;
    const listed = this.listed;
    const more = this.count - listed.length;
    const parts = more > 0 ? [...listed, EXCEL_MSG.moreErrors(more)] : listed;
    throw badRequest(`${EXCEL_MSG.importFailed(this.count)}${parts.join('；')}`);
  }
}
