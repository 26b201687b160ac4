-- Issue 14 step 7 (监听): the SIP Call-ID of a dial request's soft-phone call, noted at its INVITE
-- event, so a manager's listen finds the live call at the media gateway (rtpengine keys calls by it).
ALTER TABLE "call_binds" ADD COLUMN "call_id" text;
--> statement-breakpoint
-- Whoever may watch 实时监控 may listen (the 管理员 and 主管 templates): roles made before this migration.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['call:monitor:listen']
WHERE 'call:wallboard:list' = ANY("permissions") AND NOT ('call:monitor:listen' = ANY("permissions"));
