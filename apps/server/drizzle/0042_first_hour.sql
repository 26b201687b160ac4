-- Issue 17: an account whose password someone else set (added by an administrator, or reset by
-- one) must change it at its first sign-in before anything else; the change clears the flag.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "must_change_password" boolean DEFAULT false NOT NULL;
