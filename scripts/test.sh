#!/usr/bin/env bash
# `npm test`: every test suite, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
# Each stage says how long it took (the README's test section keeps the figures of a run on the 2-core machine).
stage() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}
stage "typecheck" npm run --silent typecheck
stage "lint (biome, import cycles in apps/server/src and apps/web/src, file sizes)" npm run --silent lint
stage "unit, API (embedded PostgreSQL) and web tests" npx vitest run
stage "build" npm run --silent build
stage "end-to-end (Chromium, in lanes)" npm test -w @zg/e2e
echo "== npm test: $SECONDS s"
