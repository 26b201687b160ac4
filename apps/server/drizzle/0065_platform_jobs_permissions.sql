-- 后台任务: whoever administers the platform's enterprises sees the server's background jobs and
-- runs a failed one again (roles made before this migration; the seed gives new ones every string).
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['platform:job:list', 'platform:job:retry']
WHERE 'platform:enterprise:list' = ANY("permissions") AND NOT ('platform:job:list' = ANY("permissions"));
