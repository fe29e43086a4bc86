import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PostgresCluster {
  port: number;
  version: string;
  dir: string;
  logFile: string;
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  query<T>(database: string, text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL 15 cluster on loopback, as scripts/with-postgres.sh starts one, with the statistics
 * extensions the profile needs (pg_stat_statements, auto_explain off until asked for). Durability settings are
 * PostgreSQL's defaults (fsync on), as in production.
 */
export async function startPostgres(port: number): Promise<PostgresCluster> {
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!fs.existsSync(path.join(bin, 'initdb'))) {
    throw new Error(`PostgreSQL 15 binaries not found in ${bin}. Install them: apt-get install -y postgresql-15`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zg-bench-pg.'));
  const asPg = async (file: string, args: string[]) => {
    if (process.getuid?.() === 0) return run('runuser', ['-u', 'postgres', '--', file, ...args]);
    return run(file, args);
  };
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  await asPg(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  // In postgresql.conf rather than on the command line, so ALTER SYSTEM can still change them (the profile does).
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      "shared_preload_libraries = 'pg_stat_statements,auto_explain'",
      "pg_stat_statements.track = 'top'",
      '',
    ].join('\n'),
  );
  await asPg(path.join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-w', '-t', '60', 'start']);
  const { stdout } = await run(path.join(bin, 'postgres'), ['--version']);
  const version = /\)\s+([\d.]+)/.exec(stdout)?.[1] ?? stdout.trim();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T>(database: string, text: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url(database) });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await asPg(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    port,
    version,
    dir,
    logFile,
    url,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await query('postgres', `create database ${name}`);
      return url(name);
    },
    query,
    stop,
  };
}
