#!/usr/bin/env bash
# Makes sure the Debian packages the tests need are present: Chromium (browser tests) and fonts-noto-cjk (Chinese
# glyphs), plus postgresql-15 with --postgres. Installs them as root; otherwise prints the exact command and fails.
set -euo pipefail
want=()
[ -x /usr/bin/chromium ] || want+=(chromium)
if ! { command -v fc-list >/dev/null && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; }; then want+=(fonts-noto-cjk); fi
if [ "${1:-}" = "--postgres" ] && [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then want+=(postgresql-15); fi
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "Installing ${want[*]} with apt-get ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
else
  echo "Missing system packages: ${want[*]}" >&2
  echo "Run: sudo apt-get update && sudo apt-get install -y ${want[*]}" >&2
  exit 1
fi
