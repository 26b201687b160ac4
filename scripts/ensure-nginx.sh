#!/usr/bin/env bash
# The production shape's reverse proxy is Debian's nginx (nginx-light: TLS, proxy, gzip and
# gzip_static, headers; deploy/nginx/yunhu.conf), and openssl makes the tests' self-signed
# certificate. scripts/prod-run.mjs runs nginx itself with its own configuration and run folder,
# not Debian's nginx service.
set -euo pipefail
packages=(nginx-light openssl)
has_all() { [ -x /usr/sbin/nginx ] && command -v openssl >/dev/null; }
if has_all; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 nginx 与 openssl（生产形态的反向代理及其测试需要）…"
  apt-get update -qq
  # Debian's package would start its own service on port 80; a policy-rc.d of our own (only when
  # there is none) keeps it stopped: the project runs nginx with its own configuration.
  policy=/usr/sbin/policy-rc.d
  own_policy=''
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && own_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null || true
  [ -n "$own_policy" ] && rm -f "$policy"
  has_all && exit 0
  echo "安装后仍缺少 nginx 或 openssl，请检查" >&2
  exit 1
fi
echo "生产形态的测试需要 nginx 与 openssl：请以 root 运行，或先执行 sudo apt-get install ${packages[*]}" >&2
exit 1
