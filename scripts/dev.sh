#!/usr/bin/env bash
# The one command that runs the playground on a fresh machine: toolchain, install, then `pnpm dev`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
pnpm install
exec pnpm dev
