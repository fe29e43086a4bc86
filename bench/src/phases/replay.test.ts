import { describe, expect, it } from 'vitest';
import {
  commonRequests,
  type LoggedStatement,
  MARK,
  measuredWindow,
  parseParameters,
  parsePgbenchLog,
  parsePgbenchOutput,
  parseStatementLog,
  pgbenchScripts,
  requestsByMarker,
} from './replay';

// As PostgreSQL 15 writes it with log_statement = 'all' and the default log_line_prefix '%m [%p] '.
const LOG = [
  '2026-11-26 13:11:46.171 UTC [21268] LOG:  parameter "log_statement" changed to "all"',
  `2026-11-26 13:11:47.878 UTC [900] LOG:  statement: select '${MARK} list.head 0'`,
  '2026-11-26 13:11:47.880 UTC [21436] LOG:  execute st1: select $1::int as a,',
  '\t  $2::text as b, $3::text c',
  "2026-11-26 13:11:47.880 UTC [21436] DETAIL:  parameters: $1 = '1', $2 = 'x''y",
  "\tz', $3 = NULL",
  '2026-11-26 13:11:47.893 UTC [21437] LOG:  execute <unnamed>: select count(*) from t where d = $1',
  '2026-11-26 13:11:47.893 UTC [21437] DETAIL:  parameters: $1 = \'{"a": [1, 2]}\'',
  `2026-11-26 13:11:47.897 UTC [900] LOG:  statement: select '${MARK} list.head 1'`,
  '2026-11-26 13:11:47.898 UTC [21436] LOG:  statement: begin',
  '2026-11-26 13:11:47.901 UTC [21436] LOG:  statement: commit',
  `2026-11-26 13:11:47.902 UTC [900] LOG:  statement: select '${MARK} list.head end'`,
  '2026-11-26 13:11:47.903 UTC [21436] LOG:  statement: select 1',
  '',
].join('\n');

const stmt = (text: string, params: (string | null)[] = [], pid = 1): LoggedStatement => ({ pid, text, params });

describe("capturing a route's statements from the statement log", () => {
  it('reads simple and extended statements, multi-line texts and their parameters', () => {
    const s = parseStatementLog(LOG);
    expect(s.map((x) => x.pid)).toEqual([900, 21436, 21437, 900, 21436, 21436, 900, 21436]);
    expect(s[1]).toEqual({
      pid: 21436,
      text: 'select $1::int as a,\n  $2::text as b, $3::text c',
      params: ['1', "x'y\nz", null],
    });
    expect(s[2]!.params).toEqual(['{"a": [1, 2]}']);
    expect(s[4]).toEqual({ pid: 21436, text: 'begin', params: [] });
  });

  it('parses parameter lists, quotes doubled and NULLs, whatever their order', () => {
    expect(parseParameters("$2 = NULL, $1 = 'it''s, $3 = x'")).toEqual(["it's, $3 = x", null]);
    expect(parseParameters("$1 = ''")).toEqual(['']);
  });

  it('splits the statements into requests at the markers, leaving out the marker connection and what follows the end', () => {
    const byKey = requestsByMarker(parseStatementLog(LOG), 900);
    const head = byKey.get('list.head')!;
    expect(head).toHaveLength(2);
    expect(head[0]!.map((x) => x.text.slice(0, 12))).toEqual(['select $1::i', 'select count']);
    expect(head[1]!.map((x) => x.text)).toEqual(['begin', 'commit']);
  });

  it("keeps the requests that ran the most common statements (a job's statements in between make a request differ)", () => {
    const a = [stmt('select s where sid = $1', ['x']), stmt('select c where id = $1', ['1'])];
    const b = [stmt('select s where sid = $1', ['x']), stmt('select c where id = $1', ['2'])];
    const job = [a[0]!, stmt('select pg_try_advisory_lock($1)', ['7']), a[1]!];
    const c = commonRequests('detail', [a, job, b]);
    expect(c).toMatchObject({ key: 'detail', requests: 3, matching: 2 });
    expect(c.samples).toEqual([a, b]);
    expect(commonRequests('ceiling', [[], []])).toMatchObject({ requests: 2, matching: 2, samples: [[], []] });
  });
});

describe('pgbench scripts of the captured requests', () => {
  it('turns parameters into pgbench variables, with the most common parameter set', () => {
    const r = (when: string) => [
      stmt('select s::text from sessions where sid = $1 and expires > $2', ['abc', when]),
      stmt('select * from cards where id = any($1) and y = $2 and z = $3 and q = $10;', [
        '{1}',
        null,
        '',
        '4',
        '5',
        '6',
        '7',
        '8',
        '9',
        "it's",
      ]),
    ];
    const out = pgbenchScripts([r('2026-11-26 13:00:01'), r('2026-11-26 13:00:02'), r('2026-11-26 13:00:02')]);
    expect(out.rotations).toBe(1);
    expect(out.scripts).toEqual([
      {
        text: "select s::text from sessions where sid = :s0_0_1 and expires > :s0_0_2;\nselect * from cards where id = any(:s0_1_1) and y = NULL and z = '' and q = :s0_1_10;\n",
        weight: 1,
      },
    ]);
    expect(out.defines).toEqual([
      ['s0_0_1', 'abc'],
      ['s0_0_2', '2026-11-26 13:00:02'],
      ['s0_1_1', '{1}'],
      ['s0_1_10', "it's"],
    ]);
  });

  it('picks an integer parameter that differs between requests at random in each transaction, as the route rotates it', () => {
    const r = (id: string, user: string) => [
      stmt('select * from sessions where sid = $1', ['abc']),
      stmt("select * from cards where id = any(string_to_array($1, ',')::int[]) and owner = $2", [id, user]),
    ];
    const out = pgbenchScripts([r('17', '5'), r('23', '5'), r('4', '5'), r('017', '5')], 3);
    expect(out.rotations).toBe(3);
    expect(out.defines).toEqual([
      ['s0_0_1', 'abc'],
      ['s0_1_2', '5'],
    ]);
    expect(out.scripts[0]!.text.split('\n')).toEqual([
      '\\set r random(0, 2)',
      '\\if :r = 0',
      '\\set s0_1_1 17',
      '\\elif :r = 1',
      '\\set s0_1_1 23',
      '\\else',
      '\\set s0_1_1 4',
      '\\endif',
      'select * from sessions where sid = :s0_0_1;',
      "select * from cards where id = any(string_to_array(:s0_1_1, ',')::int[]) and owner = :s0_1_2;",
      '',
    ]);
    // '017' would come back from \set as 17: such a parameter is not rotated.
    expect(pgbenchScripts([r('17', '5'), r('017', '5')]).rotations).toBe(1);
  });

  it("writes the parameters into a statement that has more than pgbench's 255", () => {
    const params = Array.from({ length: 300 }, (_, i) => String(i));
    const text = `select 1 where x in (${params.map((_, i) => `$${i + 1}`).join(', ')})`;
    const out = pgbenchScripts([[stmt(text, params)]]);
    expect(out.defines).toEqual([]);
    expect(out.scripts[0]!.text).toContain("in ('0', '1', '2',");
    expect(out.scripts[0]!.text).toContain("'299');");
  });

  it('refuses a statement pgbench would read a variable in', () => {
    expect(() => pgbenchScripts([[stmt("select to_char(now(), 'HH24:MI')")]])).toThrow(/HH24:MI|:MI/);
    expect(() => pgbenchScripts([[stmt('select $1::int', ['1'])]])).not.toThrow();
    expect(pgbenchScripts([])).toEqual({ scripts: [], defines: [], rotations: 1 });
  });

  it("reads pgbench's figures and its per-transaction log", () => {
    const stdout = [
      'pgbench (15.18 (Debian 15.18-0+deb12u1))',
      'query mode: prepared',
      'number of clients: 32',
      'number of transactions actually processed: 9842',
      'number of failed transactions: 3 (0.030%)',
      'latency average = 0.797 ms',
      'tps = 5018.118150 (without initial connection time)',
    ].join('\n');
    expect(parsePgbenchOutput(stdout)).toEqual({ tps: 5018.11815, transactions: 9842, failed: 3 });
    expect(() => parsePgbenchOutput('pgbench: error: connection refused')).toThrow(/no figures/);
    expect(parsePgbenchLog('1 1 3215 0 1795698695 659826\n1 2 0 0 1795698696 000038\n\n')).toEqual([
      { endUs: 1795698695659826, ms: 3.215 },
      { endUs: 1795698696000038, ms: 0 },
    ]);
  });

  it('measures the transactions that ended in the last seconds of the run, after its warm-up', () => {
    const t = (s: number, ms: number) => ({ endUs: (1000 + s) * 1e6, ms });
    // Warm-up: the first second (slow, cold caches); then 2 s measured.
    const run = [t(0.2, 50), t(0.9, 40), t(1.1, 2), t(1.5, 3), t(2.0, 4), t(2.5, 1), t(3.0, 5)];
    expect(measuredWindow(run, 2)).toEqual({ tps: 2.5, transactions: 5, latencies: [2, 3, 4, 1, 5] });
    expect(measuredWindow([], 2)).toEqual({ tps: 0, transactions: 0, latencies: [] });
  });
});
