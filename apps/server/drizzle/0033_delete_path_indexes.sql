-- Issue 13 (Performance), deletes: every foreign key whose parent rows are deleted for good gets an
-- index leading with the referencing column. Deleting a parent row makes PostgreSQL look for its
-- children once per row (`where customer_id = $1`, no tenant): an index leading with tenant_id does
-- not serve that look-up, so purging 1,000 customers from the recycle bin read the 5,000,000 call
-- records 1,000 times (~73 s). Parents that are only ever soft-deleted (tenants, users, departments,
-- lines) need none; src/db/foreign-keys.test.ts keeps both halves of the rule.
--
-- A customer's calls (his details page, the recycle-bin purge's unlink and its foreign-key check):
-- customer ids are unique across tenants, so the index leads with customer_id and replaces the
-- tenant-first one; calls without a customer (most of them) stay out of it.
CREATE INDEX IF NOT EXISTS "call_records_customer_time_idx" ON "call_records" USING btree ("customer_id","start_time") WHERE customer_id IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "call_records_tenant_customer_time_idx";--> statement-breakpoint
-- A purged customer's dial requests lose the link (ON DELETE SET NULL).
CREATE INDEX IF NOT EXISTS "call_binds_customer_idx" ON "call_binds" USING btree ("customer_id") WHERE customer_id IS NOT NULL;--> statement-breakpoint
-- A purged customer leaves his task cards (ON DELETE CASCADE); the dial flow's open-item check
-- (customer and agent) reads the same index.
CREATE INDEX IF NOT EXISTS "call_task_items_customer_user_idx" ON "call_task_items" USING btree ("customer_id","user_id");--> statement-breakpoint
DROP INDEX IF EXISTS "call_task_items_tenant_customer_user_idx";--> statement-breakpoint
-- A deleted notice takes its read marks with it (ON DELETE CASCADE); the key leads with user_id.
CREATE INDEX IF NOT EXISTS "notice_reads_notice_idx" ON "notice_reads" USING btree ("notice_id");
--> statement-breakpoint
-- Not a delete path, the same issue: 通话记录 with a talk-time range off the marks (e.g. 45-100 s)
-- counted a month of records one by one (325 ms at 5,000,000). Its total now takes the whole bands
-- inside the range from the daily roll-up and reads only the ends from the records, one talk time
-- at a time (call-record.repository.ts, pieceSelect) on this index: each second's calls of a
-- month are one stretch of it, and the scope and filter columns ride along (index-only). Calls
-- without talk time (two thirds) stay out: 0 s is a band of its own.
CREATE INDEX IF NOT EXISTS "call_records_tenant_duration_time_idx" ON "call_records" USING btree ("tenant_id","duration","start_time") INCLUDE ("user_id","dept_id","line_id","call_status","finish_status","postage") WHERE duration > 0;
