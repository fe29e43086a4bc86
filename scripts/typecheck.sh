#!/usr/bin/env bash
# One typecheck of the whole repo: each workspace with its own tsconfig (server and web must not share lib/types).
set -euo pipefail
cd "$(dirname "$0")/.."
for p in packages/contract apps/server apps/web e2e bench; do
  [ -f "$p/tsconfig.json" ] || continue
  # a workspace with no sources yet (bench before its issue) has nothing to check
  [ -n "$(find "$p" -path "$p/node_modules" -prune -o \( -name "*.ts" -o -name "*.tsx" \) -print -quit)" ] || continue
  echo "tsc -p $p"
  npx tsc --noEmit -p "$p"
done
