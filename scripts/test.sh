#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$*"; }

step "准备浏览器 (Debian chromium)"
bash scripts/ensure-chromium.sh

step "准备 SIP 服务器 (Debian kamailio)"
if bash scripts/ensure-kamailio.sh; then
  # The SIP integration tests then must run, not skip.
  export REQUIRE_KAMAILIO=1
elif [ -n "${CI:-}" ]; then
  echo "CI 中无法安装 Kamailio" >&2
  exit 1
fi

step "类型检查"
npm run -s typecheck

step "代码规范 (Biome)"
npx biome check .

pg_url=$(bash scripts/ensure-postgres.sh)

step "单元测试与 API 测试（内置 PGlite）"
if [ -n "$pg_url" ]; then
  # The Kamailio and sipp integration files test the SIP server, not the database: with a
  # PostgreSQL run to come they run there only (about 3 minutes of the suite each time).
  npx vitest run --exclude '**/*.kamailio*.test.ts' --exclude '**/sip.call-events.test.ts'
else
  npx vitest run
fi

step "API 测试（PostgreSQL 服务器）"
if [ -n "$pg_url" ]; then
  echo "PostgreSQL: ${pg_url}"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project server
elif [ -n "${CI:-}" ]; then
  echo "CI 中没有可用的 PostgreSQL 服务器" >&2
  exit 1
else
  echo "跳过：没有可达的 PostgreSQL，且无法启动（需要 root 安装 Debian 的 postgresql）"
fi

step "构建前端"
npm run -s build

step "端到端测试（Chromium）"
npx vitest run --config e2e/vitest.config.ts
