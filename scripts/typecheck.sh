#!/usr/bin/env bash
# One typecheck of the whole repo: each workspace with its own tsconfig (server and web must not share lib/types).
# tsc runs on one core: two workspaces at a time use both cores of the 2-core machine (MAX_PARALLEL to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
todo=()
for p in packages/contract apps/server apps/web e2e bench; do
  [ -f "$p/tsconfig.json" ] || continue
  # a workspace with no sources yet (bench before its issue) has nothing to check
  [ -n "$(find "$p" -path "$p/node_modules" -prune -o \( -name "*.ts" -o -name "*.tsx" \) -print -quit)" ] || continue
  todo+=("$p")
done
# Each workspace's output is printed whole when it ends; any failure fails the typecheck (xargs exits non-zero).
printf '%s\n' "${todo[@]}" |
  xargs -P "${MAX_PARALLEL:-2}" -I{} bash -c 'out=$(npx tsc --noEmit -p "$1" 2>&1); rc=$?; echo "tsc -p $1"; [ -z "$out" ] || echo "$out"; exit $rc' _ {}
