#!/usr/bin/env bash
# The soft-phone's SIP server is Debian's Kamailio 5.6: the WebSocket transport and the
# HTTP client that asks our server for the digest HA1 come in their own packages; rtpengine.so is
# in the main package. Beside it the media gateway, Debian's rtpengine 10.5 in user space
# (WebRTC <-> plain RTP/AVP for trunks and desk phones), and sipp (sip-tester), which the tests use
# as a plain-RTP carrier and desk phone. The server starts rtpengine itself (sip.kamailio.ts), not
# Debian's rtpengine-daemon service.
set -euo pipefail
packages=(kamailio kamailio-websocket-modules kamailio-utils-modules rtpengine-daemon sip-tester)
has_module() { compgen -G "/usr/lib/*/kamailio/modules/$1" >/dev/null; }
has_all() {
  command -v kamailio >/dev/null && has_module websocket.so && has_module http_client.so &&
    has_module rtpengine.so && command -v rtpengine >/dev/null && command -v sipp >/dev/null
}
if has_all; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 Kamailio、rtpengine 与 sipp（软电话 SIP 服务器、媒体网关与测试需要）…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  has_all && exit 0
  echo "安装后仍缺少组件（websocket.so / http_client.so / rtpengine.so / rtpengine / sipp），请检查" >&2
  exit 1
fi
echo "软电话测试需要 Kamailio、rtpengine 与 sipp：请以 root 运行，或先执行 sudo apt-get install ${packages[*]}" >&2
exit 1
