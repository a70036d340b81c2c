CREATE TABLE "pos_merchant_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"type" text NOT NULL,
	"provider_store_id" text NOT NULL,
	"pos_type" text,
	"can_sync" boolean DEFAULT true NOT NULL,
	"can_manage_current_sale" boolean DEFAULT false NOT NULL,
	"can_redeem_loyalty_offer" boolean DEFAULT false NOT NULL,
	"has_click_and_collect" boolean DEFAULT false NOT NULL,
	"reset_delay" integer DEFAULT 180 NOT NULL,
	"link_receipt_delay" integer DEFAULT 86400 NOT NULL,
	"receipt_deletion_delay" integer DEFAULT 0 NOT NULL,
	"webhook_secret" text NOT NULL,
	"last_webhook_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"pos_account_id" uuid NOT NULL,
	"provider_order_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency_code" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone,
	"linked_client_id" uuid,
	"transaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pos_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"provider_product_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_injections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency_code" text NOT NULL,
	"points" integer NOT NULL,
	"injected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"injected_by" uuid,
	"impostor_of" uuid,
	"reset_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"collected_client_id" uuid,
	"transaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"tag_uid" text NOT NULL,
	"name" text NOT NULL,
	"passages" integer DEFAULT 0 NOT NULL,
	"reset_delay_seconds" integer DEFAULT 180 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" ADD CONSTRAINT "pos_merchant_accounts_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" ADD CONSTRAINT "pos_merchant_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_pos_account_id_pos_merchant_accounts_id_fk" FOREIGN KEY ("pos_account_id") REFERENCES "public"."pos_merchant_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_linked_client_id_clients_id_fk" FOREIGN KEY ("linked_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_transaction_id_points_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."points_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_injected_by_users_id_fk" FOREIGN KEY ("injected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_impostor_of_users_id_fk" FOREIGN KEY ("impostor_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_collected_client_id_clients_id_fk" FOREIGN KEY ("collected_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_transaction_id_points_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."points_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_accounts_store_key" ON "pos_merchant_accounts" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "pos_accounts_franchise_idx" ON "pos_merchant_accounts" USING btree ("franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_store_key" ON "pos_orders" USING btree ("store_id","provider_order_id");--> statement-breakpoint
CREATE INDEX "pos_orders_recent_idx" ON "pos_orders" USING btree ("store_id","ordered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_products_store_key" ON "pos_products" USING btree ("store_id","provider_product_id");--> statement-breakpoint
CREATE INDEX "tag_injections_tag_idx" ON "tag_injections" USING btree ("tag_id","injected_at");--> statement-breakpoint
CREATE INDEX "tag_injections_open_idx" ON "tag_injections" USING btree ("tag_id") WHERE "tag_injections"."collected_at" is null and "tag_injections"."reset_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_uid_key" ON "tags" USING btree ("tag_uid");--> statement-breakpoint
CREATE INDEX "tags_store_idx" ON "tags" USING btree ("franchise_id","store_id");--> statement-breakpoint
ALTER TABLE "loyalty_models" DROP COLUMN "max_points";--> statement-breakpoint
ALTER TABLE "loyalty_models" DROP COLUMN "has_max_points_enabled";--> statement-breakpoint
ALTER TABLE "loyalty_models" DROP COLUMN "min_visit_interval_seconds";