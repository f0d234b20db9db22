#!/usr/bin/env bash
# The one command that passes the tests on a fresh machine: toolchain, install, then `pnpm test`
# (scripts/run-stages.ts: every stage timed, a table of the times at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
. scripts/bootstrap.sh
t1=$(date +%s)
echo "[stage] bootstrap: ok in $(( t1 - t0 )) s"
install_ok=true
if [ "${CI:-}" = true ]; then pnpm install --frozen-lockfile || install_ok=false; else pnpm install || install_ok=false; fi
t2=$(date +%s)
if [ "$install_ok" != true ]; then
  # The stage table, also when the install fails (pnpm test's stages did not run).
  echo "[stage] install: FAILED in $(( t2 - t1 )) s"
  printf '\n[stages] FAILED at install\n  bootstrap  %ss  ok\n  install    %ss  FAILED\n  (the stages of pnpm test: not run)\n' "$(( t1 - t0 ))" "$(( t2 - t1 ))"
  exit 1
fi
echo "[stage] install: ok in $(( t2 - t1 )) s"
TEST_STAGE_TIMES="bootstrap=$(( t1 - t0 )),install=$(( t2 - t1 ))" pnpm test
