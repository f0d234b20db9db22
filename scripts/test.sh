#!/usr/bin/env bash
# The one command that passes the tests on a fresh machine: toolchain, install, then `pnpm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
if [ "${CI:-}" = true ]; then pnpm install --frozen-lockfile; else pnpm install; fi
pnpm test
