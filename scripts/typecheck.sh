#!/usr/bin/env bash
# `npm run typecheck`: every workspace's tsc. tsc uses one core: the server's (the largest) runs
# beside the others.
set -euo pipefail
cd "$(dirname "$0")/.."
tsc -p apps/server &
server=$!
status=0
{ tsc -p packages/contract && tsc -p apps/web && tsc -p e2e; } || status=$?
wait "$server" || status=$?
exit "$status"
