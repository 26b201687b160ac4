-- Issue 14 step 7 (耳语 / 强插): whoever may listen may whisper and barge (the 管理员 and 主管
-- templates): roles made before this migration.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['call:monitor:whisper']
WHERE 'call:monitor:listen' = ANY("permissions") AND NOT ('call:monitor:whisper' = ANY("permissions"));
--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['call:monitor:barge']
WHERE 'call:monitor:listen' = ANY("permissions") AND NOT ('call:monitor:barge' = ANY("permissions"));
