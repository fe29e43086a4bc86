/**
 * Memory of the server while zip-bomb workbooks are imported (issue 13, item 9). Starts the product server on a fresh
 * embedded database, signs in as the publisher, makes a year target, then sends several task imports of a crafted
 * .xlsx at once (its sheet inflates to hundreds of MB from a few MB), samples the server's resident memory every 20 ms
 * and prints the idle and peak figures with the answers. A figure, not a test: nothing is asserted.
 *
 *   npx tsx bench/src/xlsx-bomb.ts [--inflated-mb 900] [--uploads 4] [--lie] [--rss-limit-mb 6144]
 *
 * --lie writes a small uncompressed size in the zip headers (a bomb that lies); --rss-limit-mb kills the server when
 * it grows past that much (so a run against an unbounded server cannot take the machine down) and says so.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TASK_EXCEL_COLUMNS } from '@zg/contract';
import { readZipDirectory } from '@zg/server/src/platform/zip';
import { xlsxBomb, xlsxOfXml } from '@zg/server/src/test/xlsx-bomb';
import { dataOf, request, Session } from './lib/http';
import { freePort, sleep, startServer, waitIdle } from './lib/server';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const MB = 1024 * 1024;
const inflatedMb = arg('inflated-mb', 900);
const uploads = arg('uploads', 4);
const rssLimitMb = arg('rss-limit-mb', 6144);
const lie = process.argv.includes('--lie');
/** `bomb` (default) or `honest`: a workbook within every limit that still inflates to nearly the whole budget. */
const kind = process.argv.includes('--honest') ? 'honest' : 'bomb';

/**
 * The largest workbook the default limits let through: 20 000 task rows whose 任务书 cells are distinct 3 KB shared
 * strings (a random head and a compressible tail, some 50 times smaller zipped: under the ratio limit), about 63 MB inflated
 * from 1 MB, all of it held while the rows are checked.
 */
function honestWorkbook() {
  const rows = 20_000;
  const strings = [...TASK_EXCEL_COLUMNS.map((c) => c.header), '任务', 'A', '教务处', '2026-01-01', '2026-12-31'];
  const cell = (col: string, r: number, s: number) => `<c r="${col}${r}" t="s"><v>${s}</v></c>`;
  let xml = `<row r="1">${TASK_EXCEL_COLUMNS.map((_, i) => cell(String.fromCharCode(65 + i), 1, i)).join('')}</row>`;
  for (let r = 2; r <= rows + 1; r++) {
    strings.push(`${randomBytes(32).toString('base64')}${'任'.repeat(985)}`);
    xml += `<row r="${r}">${cell('A', r, 9)}${cell('B', r, 10)}${cell('C', r, 11)}${cell('F', r, 12)}${cell('G', r, 13)}${cell('I', r, strings.length - 1)}</row>`;
  }
  return xlsxOfXml(xml, strings);
}

/** The last non-empty line of the server's log (why it died). */
function lastLine(file: string) {
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  return (lines.at(-1) ?? '').slice(0, 300);
}

/** The declared uncompressed size of a zip's entries together. */
function inflatedSize(zip: Buffer) {
  const entries = readZipDirectory(zip, { maxEntries: 100, maxTotalBytes: 2 ** 40, maxRatio: 2 ** 20 });
  return [...entries.values()].reduce((sum, e) => sum + e.uncompressedSize, 0);
}

function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = `----zgbomb${Date.now().toString(16)}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function main() {
  const bomb =
    kind === 'honest'
      ? honestWorkbook()
      : xlsxBomb({
          header: TASK_EXCEL_COLUMNS.map((c) => c.header),
          inflatedBytes: inflatedMb * MB,
          declared: lie ? MB : undefined,
        });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-bomb-'));
  const logFile = path.join(dataDir, 'server.log');
  // On PostgreSQL when run under scripts/with-postgres.sh (TEST_DATABASE_URL), else on the embedded database.
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  const server = await startServer({ entry: 'product', port: await freePort(), env, logFile });
  try {
    await waitIdle(server);
    const fbr = await Session.login(server.base, 'fbr01');
    const target = dataOf<{ id: number }>(
      await fbr.post('/api/herm-wbs/yearTarget/insert', { name: '压缩炸弹', cycleYear: 2026, chargeDepartId: 'D04' }),
      'year target',
    );
    const idle = server.rss();
    let peak = idle;
    let killed = false;
    const sampler = setInterval(() => {
      const rss = server.rss();
      if (rss > peak) peak = rss;
      if (rss > rssLimitMb * MB && !killed) {
        killed = true;
        server.kill('SIGKILL');
      }
    }, 20);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: uploads }, async () => {
        const { body, type } = multipart({ yearTargetId: String(target.id) }, 'bomb.xlsx', bomb);
        const t = performance.now();
        try {
          const res = await request(server.base, {
            method: 'POST',
            path: fbr.sign('/api/herm-wbs/targetTask/import'),
            headers: fbr.headers({ 'content-type': type, 'content-length': String(body.length) }),
            body,
            timeoutMs: 600_000,
          });
          const message = (JSON.parse(res.body) as { meta: { message: string } }).meta.message;
          return `${res.status} ${message} (${((performance.now() - t) / 1000).toFixed(1)} s)`;
        } catch (err) {
          return `no answer: ${(err as Error).message}`;
        }
      }),
    );
    clearInterval(sampler);
    const exit = await Promise.race([server.exited, sleep(500).then(() => null)]);
    const crash = exit === null ? '' : `; the server exited (${exit}): ${lastLine(logFile)}`;
    const mib = (b: number) => `${(b / MB).toFixed(0)} MiB`;
    console.log(
      [
        kind === 'honest'
          ? `workbook: ${(bomb.length / MB).toFixed(2)} MiB within every limit, inflating to ${(inflatedSize(bomb) / MB).toFixed(1)} MiB`
          : `workbook: ${(bomb.length / MB).toFixed(2)} MiB, sheet inflating to ${inflatedMb} MiB, headers ${lie ? 'lying (1 MiB declared)' : 'telling the size'}`,
        `${uploads} imports at once, all answered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `server RSS idle: ${mib(idle)}; peak: ${mib(peak)}${killed ? ` (killed past the ${rssLimitMb} MiB safety limit)` : ''}; peak above idle: ${mib(peak - idle)}${crash}`,
        ...answers.map((a, i) => `  import ${i + 1}: ${a}`),
      ].join('\n'),
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
