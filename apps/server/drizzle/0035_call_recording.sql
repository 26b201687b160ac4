-- Issue 14, steps 2 and 4 (docs/decisions/0015-recordings-and-results.md): a soft-phone call's
-- recording through the media gateway and why a call ended.
-- recording_state: NULL for records that never had a gateway recording (the carrier's callbacks,
-- older rows); 'pending' while the gateway's capture is being turned into a WAV, 'ready' when
-- pre_record_url names it, 'off' when the caller's 呼叫管理 recording switch was off, 'none' when the
-- gateway carried no audio (media failed, or the call was not answered), 'failed' when the capture
-- could not be read.
ALTER TABLE "call_records" ADD COLUMN "recording_state" text;
--> statement-breakpoint
-- What ended a call that did not go as asked, in words an agent reads (线路故障 (503), 媒体协商失败 (488)…); '' otherwise.
ALTER TABLE "call_records" ADD COLUMN "end_reason" text DEFAULT '' NOT NULL;
