-- Every existing coupon gets its own short code from the column default (a volatile default is drawn per row).
ALTER TABLE "coupons" ADD COLUMN "code" text DEFAULT coupon_code() NOT NULL;--> statement-breakpoint
-- Two coupons of one franchise drawing the same code (about one in 10^11 per pair): the later draws again.
UPDATE "coupons" c SET "code" = coupon_code() WHERE EXISTS (SELECT 1 FROM "coupons" d WHERE d."franchise_id" = c."franchise_id" AND d."code" = c."code" AND d."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_franchise_code_key" ON "coupons" USING btree ("franchise_id","code");
