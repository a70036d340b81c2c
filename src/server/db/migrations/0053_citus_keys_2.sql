-- Issue 37 §4, the rest of 0051: the primary keys of clients, stores, coupons, points_transactions,
-- news, game_rewards and tags name franchise_id after id, and every foreign key pointing at them names
-- it too. Citus refuses ON DELETE SET NULL in such a key: those keys are now NO ACTION, and the delete
-- that used to null them clears the column first (services/stores.ts, news.ts, clients.ts). The old
-- single-column primary keys are named by PostgreSQL (<table>_pkey): drizzle-kit cannot name them.
ALTER TABLE "client_audience" DROP CONSTRAINT "client_audience_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "client_visit_days" DROP CONSTRAINT "client_visit_days_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_sends" DROP CONSTRAINT "automation_sends_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_news_id_news_id_fk";
--> statement-breakpoint
ALTER TABLE "client_balances" DROP CONSTRAINT "client_balances_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "client_search" DROP CONSTRAINT "client_search_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "client_stores" DROP CONSTRAINT "client_stores_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "client_stores" DROP CONSTRAINT "client_stores_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_claimed_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "store_client_counts" DROP CONSTRAINT "store_client_counts_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "store_opinions" DROP CONSTRAINT "store_opinions_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "store_opinions" DROP CONSTRAINT "store_opinions_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "store_owners" DROP CONSTRAINT "store_owners_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "client_crm_values" DROP CONSTRAINT "client_crm_values_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "client_push_tokens" DROP CONSTRAINT "client_push_tokens_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "emarketing_registrations" DROP CONSTRAINT "emarketing_registrations_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" DROP CONSTRAINT "points_expiry_reminders_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_reward_id_game_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_coupon_id_coupons_id_fk";
--> statement-breakpoint
ALTER TABLE "game_stores" DROP CONSTRAINT "game_stores_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" DROP CONSTRAINT "pos_merchant_accounts_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_linked_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_transaction_id_points_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_products" DROP CONSTRAINT "pos_products_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "tag_injections" DROP CONSTRAINT "tag_injections_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "tag_injections" DROP CONSTRAINT "tag_injections_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "tag_injections" DROP CONSTRAINT "tag_injections_collected_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "tag_injections" DROP CONSTRAINT "tag_injections_transaction_id_points_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_campaign_id_client_id_pk";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_pkey";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_pkey";--> statement-breakpoint
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_pkey";--> statement-breakpoint
ALTER TABLE "store_client_counts" DROP CONSTRAINT "store_client_counts_pkey";--> statement-breakpoint
ALTER TABLE "stores" DROP CONSTRAINT "stores_pkey";--> statement-breakpoint
ALTER TABLE "game_rewards" DROP CONSTRAINT "game_rewards_pkey";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_pkey";--> statement-breakpoint
ALTER TABLE "news" DROP CONSTRAINT "news_pkey";--> statement-breakpoint
-- A store's client count names the store's franchise, as every tenant row does (its row-level
-- security is then the common one of sql/tenant_policies.sql, no longer a lookup of the store).
ALTER TABLE "store_client_counts" ADD COLUMN "franchise_id" uuid;--> statement-breakpoint
UPDATE "store_client_counts" c SET "franchise_id" = s."franchise_id" FROM "stores" s WHERE s."id" = c."store_id";--> statement-breakpoint
ALTER TABLE "store_client_counts" ALTER COLUMN "franchise_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_client_id_franchise_id_pk" PRIMARY KEY("campaign_id","client_id","franchise_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "store_client_counts" ADD CONSTRAINT "store_client_counts_store_id_franchise_id_pk" PRIMARY KEY("store_id","franchise_id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "game_rewards" ADD CONSTRAINT "game_rewards_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_audience" ADD CONSTRAINT "client_audience_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_visit_days" ADD CONSTRAINT "client_visit_days_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_news_fk" FOREIGN KEY ("franchise_id","news_id") REFERENCES "public"."news"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balances" ADD CONSTRAINT "client_balances_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_claimed_store_fk" FOREIGN KEY ("franchise_id","claimed_store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_client_counts" ADD CONSTRAINT "store_client_counts_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_owners" ADD CONSTRAINT "store_owners_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_crm_values" ADD CONSTRAINT "client_crm_values_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_push_tokens" ADD CONSTRAINT "client_push_tokens_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketing_registrations" ADD CONSTRAINT "emarketing_registrations_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_client_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_reward_fk" FOREIGN KEY ("franchise_id","reward_id") REFERENCES "public"."game_rewards"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_coupon_fk" FOREIGN KEY ("franchise_id","coupon_id") REFERENCES "public"."coupons"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_stores" ADD CONSTRAINT "game_stores_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" ADD CONSTRAINT "pos_merchant_accounts_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_linked_client_fk" FOREIGN KEY ("franchise_id","linked_client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_transaction_fk" FOREIGN KEY ("franchise_id","transaction_id") REFERENCES "public"."points_transactions"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_tag_fk" FOREIGN KEY ("franchise_id","tag_id") REFERENCES "public"."tags"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_collected_client_fk" FOREIGN KEY ("franchise_id","collected_client_id") REFERENCES "public"."clients"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_transaction_fk" FOREIGN KEY ("franchise_id","transaction_id") REFERENCES "public"."points_transactions"("franchise_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_store_fk" FOREIGN KEY ("franchise_id","store_id") REFERENCES "public"."stores"("franchise_id","id") ON DELETE cascade ON UPDATE no action;