#!/usr/bin/env bash
# `npm run db:import-pglite`: moves the data of the earlier embedded database (PGlite, DATA_DIR/pgdata) into the
# embedded PostgreSQL (DATA_DIR/postgres). PGlite is no longer a dependency: its tools are installed into a temporary
# folder, never into the project. The old directory is renamed aside (pgdata.pglite-<time>) and the dump is kept
# beside it (pglite-dump-<time>.sql); nothing is deleted.
# `scripts/import-pglite.sh --install-tools` only installs the tools and prints their folder (used by the test).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools="${ZG_PGLITE_TOOLS:-${TMPDIR:-/tmp}/zg-pglite-tools}"

install_tools() {
  if [ -f "$tools/node_modules/@electric-sql/pglite/package.json" ] &&
    grep -q '"version": "0.5.16"' "$tools/node_modules/@electric-sql/pglite/package.json" &&
    grep -q '"version": "0.4.8"' "$tools/node_modules/@electric-sql/pglite-tools/package.json" 2>/dev/null; then
    return
  fi
  mkdir -p "$tools"
  if ! npm install --prefix "$tools" --legacy-peer-deps --no-audit --no-fund --loglevel=error \
    @electric-sql/pglite@0.5.16 @electric-sql/pglite-tools@0.4.8 >&2; then
    echo "无法安装 PGlite 导出工具（@electric-sql/pglite-tools）：请检查能否访问 npm 仓库后重试" >&2
    exit 1
  fi
}

if [ "${1:-}" = "--install-tools" ]; then
  install_tools
  echo "$tools"
  exit 0
fi

# DATA_DIR as `npm start` resolves it: the server runs in apps/server.
cd "$root/apps/server"
data_dir=$(realpath -m "${DATA_DIR:-./data}")
if [ ! -f "$data_dir/pgdata/PG_VERSION" ]; then
  echo "没有要迁移的数据：$data_dir/pgdata 不是 PGlite 的数据目录（请用 DATA_DIR 指向旧的数据目录）" >&2
  exit 1
fi
if [ -f "$data_dir/server.pid" ] && kill -0 "$(cat "$data_dir/server.pid")" 2>/dev/null; then
  echo "服务正在使用 $data_dir（进程 $(cat "$data_dir/server.pid")）：请先停止服务再迁移" >&2
  exit 1
fi
if [ -f "$data_dir/postgres/PG_VERSION" ]; then
  echo "$data_dir/postgres 已有内置 PostgreSQL 的数据：迁移只写入新的数据目录，请先把它移走（或备份后改名）再重试" >&2
  exit 1
fi

install_tools
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dump="$data_dir/pglite-dump-$stamp.sql"
echo "== 导出 PGlite 数据：$data_dir/pgdata -> $dump"
cp "$root/scripts/pglite/dump.mjs" "$tools/dump.mjs"
node "$tools/dump.mjs" "$data_dir/pgdata" "$dump"
echo "== 导入内置 PostgreSQL：$data_dir/postgres"
node --import tsx "$root/apps/server/src/db/import-dump.ts" "$data_dir" "$dump" "$stamp"
