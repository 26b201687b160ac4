ALTER TABLE "notices" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id") WHERE user_id IS NOT NULL;