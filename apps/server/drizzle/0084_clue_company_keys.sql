-- A company leaving the library (a real source's cache cleared) and an import batch removed look up
-- what refers to them: each foreign key gets an index leading with its column.
CREATE INDEX "clue_unlocks_company_idx" ON "clue_unlocks" ("company_id");
--> statement-breakpoint
CREATE INDEX "clue_quota_ledger_company_idx" ON "clue_quota_ledger" ("company_id");
--> statement-breakpoint
CREATE INDEX "clue_match_rows_company_idx" ON "clue_match_rows" ("company_id");
--> statement-breakpoint
CREATE INDEX "clue_match_rows_import_idx" ON "clue_match_rows" ("import_id");
