import { ALGORITHM_PARAMS, type AlgorithmParam, ALGORITHM_MSG as M, type SqlPlace } from '@zg/contract';
import { loadModule, parseSync, type ScanToken, scanSync } from 'libpg-query';
import {
  ACCUMULATORS,
  ALLOWED_FUNCTIONS,
  ALLOWED_NODES,
  ALLOWED_SQL_VALUE_FUNCTIONS,
  ALLOWED_TYPES,
  FORBIDDEN_NAMES,
  ROW_GENERATORS,
  STATEMENT_NAMES,
} from './algorithm-sql.allowlist';

/**
 * The algorithm checker (issue 18 item 3): PostgreSQL's own parser (libpg-query, WASM) reads the text, and only one
 * SELECT over the warehouse schema with allowed functions passes. Pure: no database; the executor
 * (algorithm-run.repository.ts) adds the read-only transaction, the timeout, the row cap and the reader role.
 */

/** The schema an algorithm may read (migration 0013 makes it; data-manage creates its tables). */
export const WAREHOUSE_SCHEMA = 'warehouse';

/** A text that passed: the text to run (named parameters become `$n`, padded so every place stays where it was). */
export interface CheckedSql {
  ok: true;
  /** The statement alone (no trailing semicolon), with `$n` in place of the named parameters. */
  text: string;
  /** The parameter bound to `$1`, `$2` ... in order. */
  params: AlgorithmParam[];
  /** Warehouse tables the text reads (lower-case names, without the schema), for lineage and the cache. */
  tables: string[];
  /** Character offset of `text` in the original (a leading comment or blank), to map PostgreSQL's positions back. */
  offset: number;
}
export interface RefusedSql {
  ok: false;
  message: string;
  place: SqlPlace | null;
}
export type SqlCheck = CheckedSql | RefusedSql;

let loaded: Promise<void> | null = null;
/** Loads the parser's WASM module once (no install script: the module ships in the package). */
export function loadParser() {
  loaded ??= loadModule();
  return loaded;
}

/** The 1-based line and column of a character offset. */
export function placeOf(text: string, charOffset: number): SqlPlace {
  const before = text.slice(0, Math.max(0, Math.min(charOffset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1 };
}

/** Maps the parser's byte offsets (UTF-8) to character offsets of the JavaScript string. */
function byteMapper(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === text.length) return (b: number) => b;
  const toChar = new Int32Array(bytes.length + 1);
  let b = 0;
  let c = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    for (let i = 0; i < n; i++) toChar[b + i] = c;
    b += n;
    c += ch.length;
  }
  toChar[b] = c;
  return (byte: number) => toChar[Math.max(0, Math.min(byte, bytes.length))] ?? c;
}

const PARAM_SET: ReadonlySet<string> = new Set(ALGORITHM_PARAMS.map((p) => p.toLowerCase()));
const paramByLower = new Map(ALGORITHM_PARAMS.map((p) => [p.toLowerCase(), p] as const));

/** A refusal found while walking: its message is made once the place (line, column) is known. */
class Refusal extends Error {
  constructor(
    readonly make: (place: SqlPlace | null) => string,
    readonly charOffset: number | null,
  ) {
    super('refused');
  }
}

/**
 * Checks an algorithm's text. `:name` placeholders are found among the scanner's tokens (a `:` touching an
 * identifier), so a `:year` inside a string literal, a quoted identifier or a comment is text, not a parameter; each
 * becomes `$n` padded with spaces to its own length, so the parser's and PostgreSQL's positions stay the user's.
 */
export async function checkAlgorithmSql(source: string, schema: string = WAREHOUSE_SCHEMA): Promise<SqlCheck> {
  // The schema is part of the key: one text may pass on the warehouse and be refused on a data source.
  const key = `${schema}\u0000${source}`;
  const known = checked.get(key);
  if (known) {
    // Most recently used last: the oldest goes first when the memo is full.
    checked.delete(key);
    checked.set(key, known);
    return known;
  }
  await loadParser();
  const result = checkLoaded(source, schema);
  checked.set(key, result);
  if (checked.size > CHECKED_MAX) checked.delete(checked.keys().next().value as string);
  return result;
}

/**
 * The check is a pure function of the text and costs milliseconds (the WASM parser and its JSON tree), so the last
 * texts' answers are kept: a stored version is checked before each run, and the same versions run over and over.
 */
const CHECKED_MAX = 500;
const checked = new Map<string, SqlCheck>();

function checkLoaded(source: string, schema: string): SqlCheck {
  const toChar = byteMapper(source);
  const place = (charOffset: number | null) => (charOffset === null ? null : placeOf(source, charOffset));
  const refuse = (e: unknown): RefusedSql => {
    if (e instanceof Refusal) {
      const p = place(e.charOffset);
      return { ok: false, message: e.make(p), place: p };
    }
    throw e;
  };
  if (!source.trim()) return { ok: false, message: M.sqlEmpty, place: null };
  try {
    // 1. Tokens: named parameters and user-written $n.
    let tokens: ScanToken[];
    try {
      tokens = scanSync(source).tokens;
    } catch {
      tokens = []; // the parser below names the problem and its place
    }
    const params: AlgorithmParam[] = [];
    let rewritten = source;
    const edits: { start: number; end: number; index: number }[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i] as ScanToken;
      if (t.tokenName === 'PARAM') throw new Refusal((p) => M.positionalParam(p), toChar(t.start));
      if (t.text !== ':') continue;
      const next = tokens[i + 1];
      if (!next || next.start !== t.end || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(next.text)) continue;
      const key = next.text.toLowerCase();
      const param = paramByLower.get(key);
      if (!PARAM_SET.has(key) || !param) throw new Refusal((p) => M.unknownParam(next.text, p), toChar(t.start));
      let index = params.indexOf(param);
      if (index < 0) index = params.push(param) - 1;
      edits.push({ start: toChar(t.start), end: toChar(next.end), index });
      i++;
    }
    for (const e of edits.reverse()) {
      const ph = `$${e.index + 1}`.padEnd(e.end - e.start, ' ');
      rewritten = rewritten.slice(0, e.start) + ph + rewritten.slice(e.end);
    }
    // 2. The parse tree.
    let tree: { stmts?: { stmt: Record<string, unknown>; stmt_location?: number; stmt_len?: number }[] };
    try {
      tree = parseSync(rewritten) as unknown as typeof tree;
    } catch (err) {
      const details = (err as { sqlDetails?: { message: string; cursorPosition: number } }).sqlDetails;
      const message = details?.message ?? (err as Error).message;
      // The parser's cursor is a character offset (0-based).
      const offset = details ? details.cursorPosition : null;
      return { ok: false, message: M.syntax(translateSyntax(message), place(offset)), place: place(offset) };
    }
    const stmts = tree.stmts ?? [];
    if (stmts.length === 0) return { ok: false, message: M.sqlEmpty, place: null };
    if (stmts.length > 1) {
      const second = stmts[1];
      const at = toChar(second?.stmt_location ?? 0);
      // Skip the blank and comments before the second statement's first word.
      const firstWord = tokens.find(
        (t) => toChar(t.start) >= at && t.tokenName !== 'SQL_COMMENT' && t.tokenName !== 'C_COMMENT',
      );
      throw new Refusal((p) => M.oneStatement(p), firstWord ? toChar(firstWord.start) : at);
    }
    const only = stmts[0] as NonNullable<(typeof stmts)[0]>;
    const [kind] = Object.keys(only.stmt);
    const startByte = only.stmt_location ?? 0;
    if (kind !== 'SelectStmt') {
      const first = tokens.find(
        (t) => t.start >= startByte && t.tokenName !== 'SQL_COMMENT' && t.tokenName !== 'C_COMMENT',
      );
      throw new Refusal(
        (p) => M.onlySelect(STATEMENT_NAMES[kind ?? ''] ?? (kind ?? '').replace(/Stmt$/, ''), p),
        first ? toChar(first.start) : toChar(startByte),
      );
    }
    const tables = new Set<string>();
    const walk: Walk = { toChar, schema, generators: [], accumulators: [] };
    walkSelect(only.stmt.SelectStmt as Node, new Set(), tables, walk);
    refuseAccumulatedGenerators(walk);
    const start = toChar(startByte);
    const end = only.stmt_len ? toChar(startByte + only.stmt_len) : rewritten.length;
    return { ok: true, text: rewritten.slice(start, end), params, tables: [...tables].sort(), offset: start };
  } catch (e) {
    return refuse(e);
  }
}

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (list: unknown) =>
  Array.isArray(list) ? list.map((n) => ((n as { String?: { sval?: string } }).String?.sval ?? '').toLowerCase()) : [];

/**
 * Walks a SELECT: CTE names are visible to the statement that declares them and to its subqueries; every node must be
 * of an allowed type; tables, functions and types are checked where they appear.
 */
/** What the walk carries: the byte-to-character map and the one schema the text may read. */
interface Walk {
  toChar: (b: number) => number;
  schema: string;
  /** Row generators met (generate_series, WITH RECURSIVE) and accumulators met (string_agg, ARRAY(...)), in order. */
  generators: { name: string; at: number }[];
  accumulators: { name: string; at: number }[];
}

/** An accumulator in a text that generates rows is refused at the accumulator (ACCUMULATORS). */
function refuseAccumulatedGenerators(w: Walk) {
  const [generator] = w.generators;
  const [accumulator] = w.accumulators;
  if (generator && accumulator)
    throw new Refusal((p) => M.accumulatesGenerated(accumulator.name, generator.name, p), accumulator.at);
}

function walkSelect(select: Node, outerCtes: ReadonlySet<string>, tables: Set<string>, w: Walk) {
  const { toChar } = w;
  const ctes = new Set(outerCtes);
  const with_ = select.withClause as Node | undefined;
  if (with_) {
    const list = (with_.ctes as Node[] | undefined) ?? [];
    // WITH RECURSIVE sees its own names; a plain WITH sees the earlier ones (added as they come).
    if (with_.recursive) {
      for (const c of list) ctes.add(String((c.CommonTableExpr as Node)?.ctename ?? '').toLowerCase());
      w.generators.push({ name: 'WITH RECURSIVE', at: toChar(Number(with_.location ?? 0)) });
    }
    for (const c of list) {
      const cte = c.CommonTableExpr as Node;
      const query = cte.ctequery as Node;
      const [qk] = Object.keys(query);
      if (qk !== 'SelectStmt') throw new Refusal((p) => M.dataModifyingCte(p), toChar(Number(cte.location ?? 0)));
      walkSelect(query.SelectStmt as Node, ctes, tables, w);
      ctes.add(String(cte.ctename ?? '').toLowerCase());
    }
  }
  const loc = (n: Node) => toChar(typeof n.location === 'number' ? n.location : 0);
  if (select.intoClause) throw new Refusal((p) => M.selectInto(p), nearest(select, toChar));
  if (Array.isArray(select.lockingClause) && select.lockingClause.length > 0)
    throw new Refusal((p) => M.locking(p), nearest(select, toChar));
  for (const side of ['larg', 'rarg'] as const) {
    const arm = select[side] as Node | undefined;
    if (arm) walkSelect(arm, ctes, tables, w);
  }
  for (const [key, value] of Object.entries(select)) {
    if (key === 'withClause' || key === 'larg' || key === 'rarg') continue;
    walkValue(value, ctes, tables, w, loc);
  }
}

function nearest(n: Node, toChar: (b: number) => number): number {
  let found: number | null = null;
  const visit = (v: unknown) => {
    if (found !== null) return;
    if (Array.isArray(v)) v.forEach(visit);
    else if (isObject(v)) {
      if (typeof v.location === 'number' && v.location >= 0) found = v.location;
      else Object.values(v).forEach(visit);
    }
  };
  visit(n);
  return toChar(found ?? 0);
}

function walkValue(value: unknown, ctes: ReadonlySet<string>, tables: Set<string>, w: Walk, loc: (n: Node) => number) {
  const { toChar } = w;
  if (Array.isArray(value)) {
    for (const v of value) walkValue(v, ctes, tables, w, loc);
    return;
  }
  if (!isObject(value)) return;
  for (const [type, body] of Object.entries(value)) {
    // A node is `{ TypeName: {...} }`; a plain object field of a node (e.g. A_Const's `ival`) has lower-case keys.
    if (!/^[A-Z]/.test(type)) {
      walkValue(body, ctes, tables, w, loc);
      continue;
    }
    const node = (isObject(body) ? body : {}) as Node;
    if (!ALLOWED_NODES.has(type)) {
      if (STATEMENT_NAMES[type] || type.endsWith('Stmt'))
        throw new Refusal((p) => M.onlySelect(STATEMENT_NAMES[type] ?? type.replace(/Stmt$/, ''), p), loc(node));
      const what = FORBIDDEN_NAMES[type] ?? (type.startsWith('Json') ? 'JSON 表达式' : type);
      throw new Refusal((p) => M.syntaxForbidden(what, p), nearest(node, toChar));
    }
    switch (type) {
      case 'SelectStmt':
        walkSelect(node, ctes, tables, w);
        continue;
      case 'RangeVar':
        checkTable(node, ctes, tables, w);
        continue;
      case 'FuncCall': {
        const name = strings(node.funcname);
        const fn = name.at(-1) ?? '';
        const schema = name.length > 1 ? name.slice(0, -1).join('.') : null;
        if ((schema !== null && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(fn))
          throw new Refusal((p) => M.functionForbidden(name.join('.'), p), loc(node));
        if (ROW_GENERATORS.has(fn)) w.generators.push({ name: `${fn}()`, at: loc(node) });
        if (ACCUMULATORS.has(fn)) w.accumulators.push({ name: `${fn}()`, at: loc(node) });
        if (fn === 'format') checkFormat(node, loc);
        break;
      }
      case 'SubLink':
        // ARRAY(subquery) keeps every row of the subquery in one array, as array_agg does.
        if (node.subLinkType === 'ARRAY_SUBLINK') w.accumulators.push({ name: 'ARRAY(...)', at: loc(node) });
        break;
      case 'TypeName':
        checkType(node, loc);
        break;
      case 'TypeCast':
        // A cast's type comes unwrapped (`typeName: {...}`), so it is checked here.
        checkType((node.typeName ?? {}) as Node, loc);
        break;
      case 'SQLValueFunction':
        if (!ALLOWED_SQL_VALUE_FUNCTIONS.has(String(node.op)))
          throw new Refusal(
            (p) =>
              M.functionForbidden(
                String(node.op)
                  .replace(/^SVFOP_/, '')
                  .toLowerCase(),
                p,
              ),
            loc(node),
          );
        break;
      case 'A_Expr': {
        // Operators: the built-in ones only (OPERATOR(schema.op) may name another schema's).
        const name = strings(node.name);
        if (name.length > 1 && name.slice(0, -1).join('.') !== 'pg_catalog')
          throw new Refusal((p) => M.syntaxForbidden(`OPERATOR(${name.join('.')})`, p), loc(node));
        break;
      }
      case 'ColumnRef': {
        // A column is read through a table of the FROM list, which is checked; `schema.table.column` names one more.
        const fields = (node.fields as Node[] | undefined) ?? [];
        if (fields.length > 3) throw new Refusal((p) => M.catalogName(strings(fields).join('.'), p), loc(node));
        break;
      }
    }
    walkValue(node, ctes, tables, w, loc);
  }
}

/**
 * format(): its format string must be a constant (a computed one may hold anything), with no width in any of its
 * conversions (`%10s`, `%-10s`, `%*s`, `%1$10s`): a width pads to that many characters, so `format('%100000000s', 'x')`
 * allocates 100 MB from a 14-character argument. `%s %I %L`, positions (`%1$s`) and `%%` pass.
 */
function checkFormat(node: Node, loc: (n: Node) => number) {
  const [first] = (node.args as Node[] | undefined) ?? [];
  const literal = (first?.A_Const as { sval?: { sval?: string } } | undefined)?.sval;
  if (!literal) throw new Refusal((p) => M.formatNotConstant(p), loc(node));
  if (formatHasWidth(literal.sval ?? '')) throw new Refusal((p) => M.formatWidth(p), loc(node));
}

/** Whether a format() string has a conversion with a width (a number or `*` after the optional `n$` and `-`). */
export function formatHasWidth(format: string): boolean {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    if (format[i + 1] === '%') {
      i++;
      continue;
    }
    const spec = /^(?:\d+\$)?-?(\d+|\*)?/.exec(format.slice(i + 1));
    if (spec?.[1]) return true;
  }
  return false;
}

function checkType(node: Node, loc: (n: Node) => number) {
  const name = strings(node.names);
  const t = name.at(-1) ?? '';
  const schema = name.length > 1 ? name.slice(0, -1).join('.') : null;
  if ((schema !== null && schema !== 'pg_catalog') || !ALLOWED_TYPES.has(t) || node.setof || node.arrayBounds)
    throw new Refusal((p) => M.typeForbidden(name.join('.'), p), loc(node));
}

function checkTable(node: Node, ctes: ReadonlySet<string>, tables: Set<string>, w: Walk) {
  const outside = (full: string, p: SqlPlace | null) =>
    w.schema === WAREHOUSE_SCHEMA ? M.tableOutside(full, p) : M.tableOutsideSource(w.schema, full, p);
  const at = w.toChar(typeof node.location === 'number' ? node.location : 0);
  const relname = String(node.relname ?? '');
  const schema = node.schemaname === undefined ? null : String(node.schemaname);
  const full = [node.catalogname, schema, relname].filter((x) => x !== undefined && x !== null).join('.');
  if (node.catalogname !== undefined) throw new Refusal((p) => M.catalogName(full, p), at);
  if (schema === null) {
    if (ctes.has(relname.toLowerCase())) return;
    // Unqualified: resolved with search_path = warehouse, pg_temp at run time (on a data source: its schema, set by
    // openDataSource), pg_catalog implicitly first, so its names (all pg_*: the API test checks) are refused here; the
    // warehouse's never start with pg_ (identifier()).
    if (relname.toLowerCase().startsWith('pg_')) throw new Refusal((p) => outside(full, p), at);
    tables.add(relname);
    return;
  }
  // Only the allowed schema (the warehouse, or the data source's configured one, compared as configured: an unquoted
  // name comes from the parser folded to lower case, as PostgreSQL resolves it).
  if (schema !== w.schema) throw new Refusal((p) => outside(full, p), at);
  tables.add(relname);
}

/** The parser's English messages that users meet most, in Chinese; others keep PostgreSQL's words. */
export function translateSyntax(message: string): string {
  const near = /^syntax error at or near "(.*)"$/.exec(message);
  if (near) return `“${near[1]}”附近有语法错误`;
  if (message === 'syntax error at end of input') return '语句不完整（在末尾处出错）';
  const unterminated = /^unterminated (quoted string|quoted identifier|\/\* comment)/.exec(message);
  if (unterminated) {
    const what = { 'quoted string': '字符串', 'quoted identifier': '带引号的标识符', '/* comment': '注释' }[
      unterminated[1] as 'quoted string'
    ];
    return `${what}没有结束`;
  }
  return message;
}
