#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser build).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 chromium（端到端测试需要）…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "端到端测试需要 /usr/bin/chromium：请以 root 运行，或先执行 sudo apt-get install chromium" >&2
exit 1
