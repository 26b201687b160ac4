-- The staff import stages its batches in the shared import tables (crm_imports, crm_import_rows)
-- like every import; its own tables held only batches of the flow it replaced.
DROP TABLE IF EXISTS "staff_import_rows";--> statement-breakpoint
DROP TABLE IF EXISTS "staff_imports";
