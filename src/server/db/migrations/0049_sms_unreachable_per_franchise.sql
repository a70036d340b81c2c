-- Unreachable phones per franchise (issue 35): each phone already refused is kept for every franchise
-- that has a client with that number, the rest dropped (no franchise sends to them).
ALTER TABLE "sms_unreachable_phones" ADD COLUMN "franchise_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_unreachable_phones" DROP CONSTRAINT "sms_unreachable_phones_pkey";--> statement-breakpoint
INSERT INTO "sms_unreachable_phones" ("franchise_id", "phone", "provider", "code", "created_at")
  SELECT DISTINCT c."franchise_id", u."phone", u."provider", u."code", u."created_at"
    FROM "sms_unreachable_phones" u JOIN "clients" c ON c."phone" = u."phone"
   WHERE u."franchise_id" IS NULL;--> statement-breakpoint
DELETE FROM "sms_unreachable_phones" WHERE "franchise_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sms_unreachable_phones" ALTER COLUMN "franchise_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_unreachable_phones" ADD CONSTRAINT "sms_unreachable_phones_franchise_id_phone_pk" PRIMARY KEY("franchise_id","phone");--> statement-breakpoint
ALTER TABLE "sms_unreachable_phones" ADD CONSTRAINT "sms_unreachable_phones_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;
