#!/usr/bin/env bash
# The soft-phone's SIP server is Debian's Kamailio 5.6 (issue 5): the WebSocket transport and the
# HTTP client that asks our server for the digest HA1 come in their own packages.
set -euo pipefail
packages=(kamailio kamailio-websocket-modules kamailio-utils-modules)
has_module() { compgen -G "/usr/lib/*/kamailio/modules/$1" >/dev/null; }
has_all() {
  command -v kamailio >/dev/null && has_module websocket.so && has_module http_client.so
}
if has_all; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 Kamailio（软电话 SIP 服务器需要）…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  has_all && exit 0
  echo "Kamailio 安装后仍缺少模块（websocket.so / http_client.so），请检查 /usr/lib/*/kamailio/modules" >&2
  exit 1
fi
echo "软电话测试需要 Kamailio：请以 root 运行，或先执行 sudo apt-get install ${packages[*]}" >&2
exit 1
