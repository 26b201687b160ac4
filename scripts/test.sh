#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find; each step's time and the total
# are printed at the end, passed or not.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step_name=''
step_started=$SECONDS
timings=()
finish_step() {
  [ -n "$step_name" ] && timings+=("$(printf '%5ds  %s' $((SECONDS - step_started)) "$step_name")")
  return 0
}
step() {
  finish_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n=== %s ===\n' "$*"
}
report() {
  local status=$?
  [ -n "$e2e_second_lane" ] && kill "$e2e_second_lane" 2>/dev/null
  finish_step
  printf '\n=== 用时 ===\n'
  printf '%s\n' "${timings[@]}"
  local total=$((SECONDS - started))
  if [ "$status" -eq 0 ]; then
    printf '全部测试通过，共用时 %d 分 %d 秒（%d s）\n' $((total / 60)) $((total % 60)) "$total"
  else
    printf '测试失败（退出码 %d），共用时 %d 分 %d 秒（%d s）\n' "$status" $((total / 60)) $((total % 60)) "$total"
  fi
}
trap report EXIT

# The e2e files in two lanes (vitest's --shard), each lane with its own server and embedded database
# and one file at a time: a lane waits on its browser and server about half the time, so two lanes
# share the two cores. The second lane's output follows the first's, whole.
e2e_second_lane=''
e2e_in_two_lanes() {
  local log status=0 second_status=0
  log=$(mktemp)
  npx vitest run --config e2e/vitest.config.ts --shard=2/2 >"$log" 2>&1 &
  e2e_second_lane=$!
  npx vitest run --config e2e/vitest.config.ts --shard=1/2 || status=$?
  wait "$e2e_second_lane" || second_status=$?
  e2e_second_lane=''
  printf '\n=== 端到端测试：第二路 ===\n'
  cat "$log"
  rm -f "$log"
  [ "$status" -eq 0 ] && [ "$second_status" -eq 0 ]
}

echo "Node $(node --version)（$(command -v node)）"

# Debian's packages (the browser, Kamailio, nginx, the audio tools) install in the background while
# the checks that need none of them run: on a fresh machine that is minutes of apt-get.
system_dir=$(mktemp -d)
prepare_system() {
  local tool
  for tool in chromium kamailio nginx audio-tools; do
    echo "--- scripts/ensure-${tool}.sh"
    if bash "scripts/ensure-${tool}.sh"; then touch "${system_dir}/${tool}"; fi
  done
}
prepare_system >"${system_dir}/log" 2>&1 &
system_pid=$!

step "类型检查"
npm run -s typecheck

step "代码规范 (Biome)"
npx biome check .

step "单元测试（契约、前端）"
npx vitest run --project contract --project web

step "准备 Debian 软件包（chromium、kamailio、nginx、espeak-ng 与 sox；已在后台进行）"
wait "$system_pid" || true
cat "${system_dir}/log"
require_system() {
  local tool=$1 flag=$2 what=$3
  if [ -f "${system_dir}/${tool}" ]; then
    [ -n "$flag" ] && export "${flag}=1"
    return 0
  fi
  if [ -n "${CI:-}" ]; then
    echo "CI 中无法安装${what}" >&2
    exit 1
  fi
}
require_system chromium '' ' chromium'
# The SIP integration tests then must run, not skip.
require_system kamailio REQUIRE_KAMAILIO ' Kamailio'
# The production shape's tests (nginx, two processes, the rolling restart) then must run, not skip.
require_system nginx REQUIRE_NGINX ' nginx'
# The call-analysis tests then must run on their synthetic recordings, not skip.
require_system audio-tools REQUIRE_AUDIO_TOOLS ' espeak-ng 与 sox'

pg_url=$(bash scripts/ensure-postgres.sh)

if [ -n "$pg_url" ]; then
  step "API 测试（PostgreSQL 服务器）"
  echo "PostgreSQL: ${pg_url}"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project server

  # The same SQL runs on both databases: on the embedded one only the parts where it behaves
  # differently (apps/server/vitest.config.ts embeddedDatabaseTests).
  step "API 测试（内置 PGlite：与服务器不同之处）"
  (cd apps/server && npx vitest run --config vitest.embedded.config.ts)
elif [ -n "${CI:-}" ]; then
  echo "CI 中没有可用的 PostgreSQL 服务器" >&2
  exit 1
else
  step "API 测试（内置 PGlite；没有可达的 PostgreSQL，且无法启动：需要 root 安装 Debian 的 postgresql）"
  npx vitest run --project server
fi

step "构建前端与服务端"
npm run -s build

step "端到端测试（Chromium，两路并行）"
# The journey through nginx runs two server processes on a database of its own on this server.
export TEST_DATABASE_URL="$pg_url"
e2e_in_two_lanes
