ALTER TABLE "franchises" ADD COLUMN "allow_static_tags" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "static_tag_daily_visit_cap" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "presence_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
-- Tags seeded before issue 16 #5 had ids made of their store's name (guessable); a tag created in the product never has a '-'.
UPDATE "tags" SET "tag_uid" = substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) WHERE "tag_uid" LIKE '%-%';
