#!/usr/bin/env bash
# Prints the URL of a PostgreSQL server the API suite can create databases on, starting or
# installing Debian's postgresql when needed and possible; prints nothing when there is none.
set -uo pipefail
reachable() { command -v psql >/dev/null && psql "$1" -Atqc 'select 1' >/dev/null 2>&1; }
for url in "${TEST_DATABASE_URL:-}" "${DATABASE_URL:-}" "postgres://$(id -un)@127.0.0.1:5432/test" "postgres://postgres@127.0.0.1:5432/postgres"; do
  if [ -n "$url" ] && reachable "$url"; then echo "$url"; exit 0; fi
done
[ "$(id -u)" = "0" ] || exit 0
if ! command -v pg_ctlcluster >/dev/null && command -v apt-get >/dev/null; then
  echo "正在安装 Debian 的 postgresql…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2 || exit 0
fi
command -v pg_ctlcluster >/dev/null || exit 0
version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
[ -n "$version" ] || exit 0
pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>&1 || true
sleep 2
su postgres -c "psql -Atqc \"do \\\$\\\$ begin if not exists (select 1 from pg_roles where rolname = '$(id -un)') then create role \\\"$(id -un)\\\" superuser login; end if; end \\\$\\\$\"" >/dev/null 2>&1 || true
su postgres -c "createdb -O $(id -un) test" >/dev/null 2>&1 || true
url="postgres://$(id -un)@127.0.0.1:5432/test"
if reachable "$url"; then echo "$url"; fi
exit 0
