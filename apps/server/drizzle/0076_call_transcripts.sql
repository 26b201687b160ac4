-- 通话分析: what the speech-to-text made of a recorded call (its engine, the sentences by side, why a
-- side has none) and what the analyst read from it (summary, intention A–D, objections, next step),
-- null until they ran or where they are off (docs/decisions/0094-call-transcripts-and-analyst.md).
ALTER TABLE "call_analyses" ADD COLUMN "transcript" jsonb;
--> statement-breakpoint
ALTER TABLE "call_analyses" ADD COLUMN "insight" jsonb;
