CREATE TABLE "analytics_days" (
	"franchise_id" uuid NOT NULL,
	"store_id" uuid,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"new_clients" integer DEFAULT 0 NOT NULL,
	"returning_clients" integer DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"points_spent" bigint DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"returning_sales_cents" bigint DEFAULT 0 NOT NULL,
	"offers_redeemed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_key" UNIQUE NULLS NOT DISTINCT("franchise_id","store_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_postcodes" (
	"franchise_id" uuid NOT NULL,
	"postcode" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_postcodes_franchise_id_postcode_pk" PRIMARY KEY("franchise_id","postcode")
);
--> statement-breakpoint
CREATE TABLE "analytics_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_postcodes" ADD CONSTRAINT "analytics_postcodes_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_days_store_idx" ON "analytics_days" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "analytics_postcodes_rank_idx" ON "analytics_postcodes" USING btree ("franchise_id","n");--> statement-breakpoint
-- Redeemed coupons are listed and counted by claim date (analytics: coupons redeemed).
CREATE INDEX "coupons_franchise_claimed_idx" ON "coupons" USING btree ("franchise_id", "claimed_at") WHERE "claimed_at" IS NOT NULL;
--> statement-breakpoint
-- Postcode counters, kept exact in the same transaction as the client rows (like 0004's counters).
CREATE FUNCTION analytics_postcodes_apply(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_postcodes (franchise_id, postcode, n)
  SELECT d.franchise_id, d.postcode, sum(d.n)::int
    FROM jsonb_to_recordset(delta) AS d(franchise_id uuid, postcode text, n int)
   GROUP BY 1, 2
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2
  ON CONFLICT (franchise_id, postcode) DO UPDATE SET n = analytics_postcodes.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_postcodes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_postcodes_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'postcode', coalesce(c.postcode, ''), 'n', 1)) FROM new_rows c));
  ELSE
    PERFORM analytics_postcodes_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'postcode', coalesce(c.postcode, ''), 'n', -1)) FROM old_rows c));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_postcodes_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_postcodes_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_postcodes_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_postcodes_trigger();
--> statement-breakpoint
-- Only a postcode change fires: the ledger's updates of a client's points pay nothing but the WHEN.
CREATE FUNCTION analytics_postcodes_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_postcodes_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'postcode', coalesce(OLD.postcode, ''), 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'postcode', coalesce(NEW.postcode, ''), 'n', 1)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_postcodes_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.postcode IS DISTINCT FROM NEW.postcode OR OLD.franchise_id IS DISTINCT FROM NEW.franchise_id)
  EXECUTE FUNCTION analytics_postcodes_row_trigger();
--> statement-breakpoint
INSERT INTO analytics_postcodes (franchise_id, postcode, n)
SELECT franchise_id, coalesce(postcode, ''), count(*)::int FROM clients GROUP BY 1, 2;
