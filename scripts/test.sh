#!/usr/bin/env bash
# `npm test`: every test suite, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint (biome, then import cycles in apps/server/src and apps/web/src)"; npm run --silent lint
echo "== unit, API (embedded PostgreSQL) and web tests"; npx vitest run
echo "== build"; npm run --silent build
echo "== end-to-end (Chromium)"; npm test -w @zg/e2e
