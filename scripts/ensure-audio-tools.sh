#!/usr/bin/env bash
# The call-analysis tests speak their test recordings with Debian's espeak-ng (Mandarin voice) and
# mix them with sox: known speech and silence to check the voice-activity figures against.
set -euo pipefail
if command -v espeak-ng >/dev/null && command -v sox >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 espeak-ng 与 sox（通话分析测试需要）…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends espeak-ng sox >/dev/null
  exit 0
fi
echo "通话分析测试需要 espeak-ng 与 sox：请以 root 运行，或先执行 sudo apt-get install espeak-ng sox" >&2
exit 1
