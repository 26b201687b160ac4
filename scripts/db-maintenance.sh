#!/usr/bin/env bash
# VACUUM (ANALYZE) of every table of the product's database, for a PostgreSQL server that runs with
# autovacuum = off where the server's own job (DB_MAINTENANCE_MINUTES, apps/server/src/db/maintenance.ts)
# cannot do it: its database user does not own the tables (it warns in its log, naming them).
# Run it as the tables' owner, e.g. nightly from cron:
#   scripts/db-maintenance.sh postgres://owner@db-host:5432/yunhu      (or DATABASE_URL=… scripts/db-maintenance.sh)
set -euo pipefail
url="${1:-${DATABASE_URL:-}}"
if [ -z "$url" ]; then
  echo "用法：scripts/db-maintenance.sh postgres://<表的所有者>@<主机>/<数据库>（或设置 DATABASE_URL）" >&2
  exit 2
fi
exec vacuumdb --analyze --dbname="$url"
