CREATE TABLE "client_stores" (
	"franchise_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"first_visit_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_visit_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_stores_client_id_store_id_pk" PRIMARY KEY("client_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"gender" text,
	"birth_date" text,
	"postcode" text,
	"acquired_from" text DEFAULT 'STORE' NOT NULL,
	"app_last_used_at" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"total_collected_points" integer DEFAULT 0 NOT NULL,
	"redeemed_offers_count" integer DEFAULT 0 NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"first_visit_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"store_id" uuid,
	"type" text NOT NULL,
	"value" integer,
	"currency_code" text,
	"header" text NOT NULL,
	"product_description" text,
	"terms_of_use" text,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_store_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"loyalty_type" text NOT NULL,
	"earn_rate" integer DEFAULT 1 NOT NULL,
	"max_points" integer,
	"has_max_points_enabled" boolean DEFAULT false NOT NULL,
	"min_visit_interval_seconds" integer DEFAULT 0 NOT NULL,
	"store_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"loyalty_model_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"redeem_point_amount" integer NOT NULL,
	"type" text NOT NULL,
	"value" integer,
	"currency_code" text,
	"pos_product_ids" jsonb,
	"product_priority" text,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"last_redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"store_id" uuid,
	"type" text NOT NULL,
	"points" integer NOT NULL,
	"amount_cents" integer,
	"currency_code" text,
	"reference" text,
	"author_id" uuid,
	"impostor_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_claimed_store_id_stores_id_fk" FOREIGN KEY ("claimed_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_models" ADD CONSTRAINT "loyalty_models_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_offers" ADD CONSTRAINT "loyalty_offers_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_offers" ADD CONSTRAINT "loyalty_offers_loyalty_model_id_loyalty_models_id_fk" FOREIGN KEY ("loyalty_model_id") REFERENCES "public"."loyalty_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_impostor_of_users_id_fk" FOREIGN KEY ("impostor_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_stores_store_idx" ON "client_stores" USING btree ("store_id","last_visit_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_franchise_phone_key" ON "clients" USING btree ("franchise_id","phone") WHERE "clients"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_franchise_email_key" ON "clients" USING btree ("franchise_id",lower("email")) WHERE "clients"."email" is not null;--> statement-breakpoint
CREATE INDEX "clients_franchise_last_visit_idx" ON "clients" USING btree ("franchise_id","last_visit_at","id");--> statement-breakpoint
CREATE INDEX "clients_franchise_created_idx" ON "clients" USING btree ("franchise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_client_idx" ON "coupons" USING btree ("client_id","expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_models_franchise_key" ON "loyalty_models" USING btree ("franchise_id");--> statement-breakpoint
CREATE INDEX "loyalty_offers_franchise_idx" ON "loyalty_offers" USING btree ("franchise_id","redeem_point_amount");--> statement-breakpoint
CREATE INDEX "points_tx_client_idx" ON "points_transactions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "points_tx_franchise_idx" ON "points_transactions" USING btree ("franchise_id","created_at");