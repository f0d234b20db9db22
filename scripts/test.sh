#!/usr/bin/env bash
# The one command that passes the tests on a fresh machine: toolchain, install, then `pnpm test`
# (scripts/run-stages.ts: every stage timed, a table of the times at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
. scripts/bootstrap.sh
t1=$(date +%s)
echo "[stage] bootstrap: ok in $(( t1 - t0 )) s"
if [ "${CI:-}" = true ]; then pnpm install --frozen-lockfile; else pnpm install; fi
t2=$(date +%s)
echo "[stage] install: ok in $(( t2 - t1 )) s"
TEST_STAGE_TIMES="bootstrap=$(( t1 - t0 )),install=$(( t2 - t1 ))" pnpm test
