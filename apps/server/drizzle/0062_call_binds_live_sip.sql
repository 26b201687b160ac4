-- A Kamailio that starts ends the soft-phone calls the one before carried (their end events will
-- never come): it finds the dial requests still ringing or talking through the gateway by this
-- partial index, not by reading every enterprise's dial requests.
CREATE INDEX IF NOT EXISTS "call_binds_live_sip_idx" ON "call_binds" ("id")
WHERE "call_id" IS NOT NULL AND "state" IN ('ringing', 'talking');
