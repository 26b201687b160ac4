-- Issue 17: where a call-back call stands while it happens (呼叫中 → 振铃 → 通话中), from the
-- carrier's signed progress events: '' (ordered, the carrier rings the agent), 'ringing' (the
-- customer's phone rings), 'talking' (answered). The end is call_binds.state finished | failed.
ALTER TABLE "call_binds" ADD COLUMN "progress" text DEFAULT '' NOT NULL;
