-- Issue 13: staged rows leave crm_import_rows when an import ends. Rows written leave with their
-- chunk or at the end; a batch that expires unwritten (previewed and never confirmed, failed and not
-- confirmed again) loses its unwritten rows once, marked here so the sweep does not visit it again.
ALTER TABLE "crm_imports" ADD COLUMN "staged_removed_at" timestamp with time zone;
