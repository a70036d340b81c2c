ALTER TABLE "automated_marketings" ADD COLUMN "covered_until" timestamp with time zone;--> statement-breakpoint
-- Issue 34: last_run_at was also set by switching on; the window keeps going from where it was.
UPDATE "automated_marketings" SET "covered_until" = "last_run_at";
