-- Where a notice leads: the console screen its kind points to (a web path); none opens its own detail.
ALTER TABLE "notices" ADD COLUMN "link" text;
