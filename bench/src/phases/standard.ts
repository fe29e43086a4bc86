import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { STANDARD_EXCEL_COLUMNS, type StandardExcelKey } from '@zg/contract';
import type { Db } from '@zg/server/src/db/client';
import { installStandards, type StandardSeed, type StandardSeedNode } from '@zg/server/src/modules/standard';
import { ADMIN_USER } from '@zg/server/src/seed/demo';
import { DEMO_STANDARDS } from '@zg/server/src/seed/story/standards';
import ExcelJS from 'exceljs';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * Standard systems (issue 19): the bench data holds the five demo systems and one large system of about 500 nodes
 * (5 dimensions x 10 QCPs, each with 3 first-level and 6 second-level indicators, every QCP with a grade and a warning
 * rule); the phase reads that system whole (`getTargetFull`, one request at a time), exports it, and imports a sheet
 * of 1 000 rows as a new system (`persistQuality`), a few times each.
 */

const B = '/api/herm-mbbz';
export const STANDARD_BENCH = {
  bigName: '基准测试质量标准（约500节点）',
  dimensions: 5,
  qcps: 10,
  importRows: 1000,
} as const;

function qcp(d: number, q: number): StandardSeedNode {
  return {
    name: `质控点${d + 1}-${q + 1}`,
    nh: `维度 ${d + 1} 的第 ${q + 1} 个质控点，基准测试数据`,
    zdbz: '不低于 60% 为达标',
    bzz: '60',
    zlx: 'percent',
    fsdl: true,
    direction: 'higher',
    grades: { A: 85, B: 75, C: 60 },
    warning: { mode: 'value', operator: '<', value: 60, cycle: 'month' },
    children: Array.from({ length: 3 }, (_, a) => ({
      name: `一级指标${a + 1}`,
      zlx: 'others',
      fsdl: true,
      bzz: String(10 * (a + 1)),
      children: Array.from({ length: 2 }, (_, b) => ({
        name: `二级指标${a + 1}.${b + 1}`,
        zlx: 'whether',
        bzz: '1',
      })),
    })),
  };
}

/** The large system: 5 + 5 x 10 x (1 + 3 + 6) = 505 nodes. */
export function benchStandardSystem(): StandardSeed {
  return {
    name: STANDARD_BENCH.bigName,
    dimension: 'major',
    startYear: 2025,
    endYear: 2027,
    // Read through a role grant, so every read goes through the authority test.
    readers: { roles: ['2020003'] },
    items: Array.from({ length: STANDARD_BENCH.dimensions }, (_, d) => ({
      name: `诊断维度${d + 1}`,
      nh: '基准测试数据',
      children: Array.from({ length: STANDARD_BENCH.qcps }, (_, q) => qcp(d, q)),
    })),
  };
}

/** The bench data's standard systems: the demo's five and the large one. */
export async function prepareStandards(db: Db) {
  return installStandards(db, [...DEMO_STANDARDS, benchStandardSystem()], ADMIN_USER.id);
}

/** A sheet of `rows` rows: 10 dimensions, each with QCPs of 8 indicators (a dimension row, then 11 x (1 + 8)). */
export async function makeStandardSheet(rows: number = STANDARD_BENCH.importRows): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('目标标准');
  ws.addRow(STANDARD_EXCEL_COLUMNS.map((c) => c.header));
  let n = 0;
  const add = (r: Partial<Record<StandardExcelKey, string>>) => {
    if (n++ < rows) ws.addRow(STANDARD_EXCEL_COLUMNS.map((c) => r[c.key] ?? ''));
  };
  for (let d = 0; n < rows; d++) {
    const dimension = `导入维度${d + 1}`;
    add({ dimension });
    for (let q = 0; q < 11 && n < rows; q++) {
      const name = `导入质控点${d + 1}-${q + 1}`;
      add({
        dimension,
        qcp: name,
        bzz: '60',
        zlx: '百分比',
        fsdl: '是',
        direction: '越高越好',
        gradeRule: 'A=85;B=75;C=60',
        warningMode: '按值',
        warningOperator: '<',
        warningValue: '60',
        warningCycle: '每月',
      });
      for (let i = 0; i < 8; i++) add({ dimension, qcp: name, level1: `指标${i + 1}`, zlx: '数值', bzz: String(i) });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface StandardFigures {
  nodes: number;
  /** getTargetFull of the large system, sequential. */
  full: { latency: LatencySummary; bytes: number; requests: number };
  /** quality/export of the large system. */
  exports: { ms: number; bytes: number; status: number }[];
  /** persistQuality of the 1 000-row sheet as a new system. */
  imports: { rows: number; ms: number; status: number; nodes: number }[];
}

/** A multipart POST of one .xlsx with form fields (an import route), signed in as `s`. */
export function postSheet(
  s: Session,
  path: string,
  fields: Record<string, string>,
  file: Buffer,
  filename = 'standard.xlsx',
) {
  const boundary = `----zgbench${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const body = Buffer.concat(parts);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      new URL(s.sign(path), s.base),
      {
        method: 'POST',
        headers: s.headers({
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        }),
        timeout: 600_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function measureStandards(
  publisher: Session,
  opts: { repeats: number; imports: number; log: (line: string) => void },
): Promise<StandardFigures> {
  const page = dataOf<{ records: { id: number; name: string; nodeCount: number }[] }>(
    await publisher.get(`${B}/target/selectPage?size=50&name=${encodeURIComponent(STANDARD_BENCH.bigName)}`),
    'the bench standard system',
  );
  const big = page.records.find((r) => r.name === STANDARD_BENCH.bigName);
  if (!big) throw new Error('the bench standard system is missing: was the database made by bench/src/data.ts?');
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < opts.repeats + 3; i++) {
    const t = performance.now();
    const res = await publisher.get(`${B}/target/getTargetFull?id=${big.id}`);
    const ms = performance.now() - t;
    dataOf(res, 'getTargetFull');
    bytes = Buffer.byteLength(res.body);
    if (i >= 3) samples.push(ms);
  }
  const full = { latency: summarise(samples), bytes, requests: samples.length };
  opts.log(
    `getTargetFull of ${big.nodeCount} nodes: p50 ${full.latency.p50.toFixed(1)} ms, p95 ${full.latency.p95.toFixed(1)} ms`,
  );
  const exports: StandardFigures['exports'] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await publisher.get(`${B}/quality/export?systemId=${big.id}`);
    exports.push({ ms: performance.now() - t, bytes: Buffer.byteLength(res.body), status: res.status });
  }
  const sheet = await makeStandardSheet();
  const imports: StandardFigures['imports'] = [];
  for (let i = 0; i < opts.imports; i++) {
    const t = performance.now();
    const res = await postSheet(
      publisher,
      `${B}/quality/persistQuality`,
      { name: `导入基准${i + 1}`, dimension: 'major', startYear: '2025', endYear: '2026' },
      sheet,
    );
    const ms = performance.now() - t;
    let nodes = 0;
    if (res.status === 200) {
      const { systemId } = (JSON.parse(res.body) as { data: { systemId: number } }).data;
      nodes = dataOf<{ nodeCount: number }>(
        await publisher.get(`${B}/target/selectById?id=${systemId}`),
        'imported',
      ).nodeCount;
    }
    imports.push({ rows: STANDARD_BENCH.importRows, ms, status: res.status, nodes });
    opts.log(`import of ${STANDARD_BENCH.importRows} rows: ${(ms / 1000).toFixed(2)} s, HTTP ${res.status}`);
  }
  return { nodes: big.nodeCount, full, exports, imports };
}
