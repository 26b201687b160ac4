#!/usr/bin/env bash
# Development: the soft-phone's Kamailio (deploy/kamailio/kamailio.cfg) and its media gateway
# (rtpengine) in the foreground, for the server at http://$HOST:$PORT with the same SIP_* and
# MEDIA_* settings as the server; Ctrl-C stops both.
# Tests start their own on free ports (apps/server/src/modules/telephony/sip.kamailio.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-kamailio.sh
exec node --import tsx apps/server/src/modules/telephony/sip.kamailio-cli.ts
