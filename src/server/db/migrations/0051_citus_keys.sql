-- Issue 37 §4: keys ready for Citus (docs/citus.md). Primary keys, unique indexes and the foreign keys
-- between franchise tables name franchise_id; a key keeps its leading columns (id first) so that a
-- lookup by id alone still finds its row by the index. The old single-column primary keys are named
-- by PostgreSQL (<table>_pkey): drizzle-kit cannot name them.
ALTER TABLE "points_expiry_settings" DROP CONSTRAINT "points_expiry_settings_id_unique";--> statement-breakpoint
ALTER TABLE "automation_sends" DROP CONSTRAINT "automation_sends_automation_id_automated_marketings_id_fk";
--> statement-breakpoint
ALTER TABLE "automation_sends" DROP CONSTRAINT "automation_sends_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_stats" DROP CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_offers" DROP CONSTRAINT "loyalty_offers_loyalty_model_id_loyalty_models_id_fk";
--> statement-breakpoint
ALTER TABLE "points_transactions" DROP CONSTRAINT "points_transactions_client_id_client_balances_client_id_fk";
--> statement-breakpoint
ALTER TABLE "emarketing_days" DROP CONSTRAINT "emarketing_days_emarketing_id_emarketings_id_fk";
--> statement-breakpoint
ALTER TABLE "emarketing_registrations" DROP CONSTRAINT "emarketing_registrations_emarketing_id_emarketings_id_fk";
--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" DROP CONSTRAINT "points_expiry_reminders_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rewards" DROP CONSTRAINT "game_rewards_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "game_stores" DROP CONSTRAINT "game_stores_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_pos_account_id_pos_merchant_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";
--> statement-breakpoint
DROP INDEX "automation_sends_occasion_key";--> statement-breakpoint
DROP INDEX "coupons_campaign_client_key";--> statement-breakpoint
DROP INDEX "points_tx_expiry_key";--> statement-breakpoint
DROP INDEX "game_participants_game_client_key";--> statement-breakpoint
DROP INDEX "pos_accounts_store_key";--> statement-breakpoint
DROP INDEX "pos_orders_store_key";--> statement-breakpoint
DROP INDEX "pos_products_store_key";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_event_key";--> statement-breakpoint
ALTER TABLE "client_visit_days" DROP CONSTRAINT "client_visit_days_client_id_day_pk";--> statement-breakpoint
ALTER TABLE "client_stores" DROP CONSTRAINT "client_stores_client_id_store_id_pk";--> statement-breakpoint
ALTER TABLE "store_owners" DROP CONSTRAINT "store_owners_store_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "client_crm_values" DROP CONSTRAINT "client_crm_values_client_id_local_id_pk";--> statement-breakpoint
ALTER TABLE "emarketing_days" DROP CONSTRAINT "emarketing_days_emarketing_id_day_pk";--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" DROP CONSTRAINT "points_expiry_reminders_client_id_batch_pk";--> statement-breakpoint
ALTER TABLE "game_stores" DROP CONSTRAINT "game_stores_game_id_store_id_pk";--> statement-breakpoint
ALTER TABLE "client_audience" DROP CONSTRAINT "client_audience_pkey";--> statement-breakpoint
ALTER TABLE "automated_marketings" DROP CONSTRAINT "automated_marketings_pkey";--> statement-breakpoint
ALTER TABLE "campaign_stats" DROP CONSTRAINT "campaign_stats_pkey";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pkey";--> statement-breakpoint
ALTER TABLE "client_balances" DROP CONSTRAINT "client_balances_pkey";--> statement-breakpoint
ALTER TABLE "client_search" DROP CONSTRAINT "client_search_pkey";--> statement-breakpoint
ALTER TABLE "loyalty_models" DROP CONSTRAINT "loyalty_models_pkey";--> statement-breakpoint
ALTER TABLE "loyalty_offers" DROP CONSTRAINT "loyalty_offers_pkey";--> statement-breakpoint
ALTER TABLE "store_opinions" DROP CONSTRAINT "store_opinions_pkey";--> statement-breakpoint
ALTER TABLE "client_push_tokens" DROP CONSTRAINT "client_push_tokens_pkey";--> statement-breakpoint
ALTER TABLE "scan_devices" DROP CONSTRAINT "scan_devices_pkey";--> statement-breakpoint
ALTER TABLE "emarketing_registrations" DROP CONSTRAINT "emarketing_registrations_pkey";--> statement-breakpoint
ALTER TABLE "emarketings" DROP CONSTRAINT "emarketings_pkey";--> statement-breakpoint
ALTER TABLE "game_participants" DROP CONSTRAINT "game_participants_pkey";--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_pkey";--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" DROP CONSTRAINT "pos_merchant_accounts_pkey";--> statement-breakpoint
ALTER TABLE "pos_orders" DROP CONSTRAINT "pos_orders_pkey";--> statement-breakpoint
ALTER TABLE "pos_products" DROP CONSTRAINT "pos_products_pkey";--> statement-breakpoint
ALTER TABLE "tag_injections" DROP CONSTRAINT "tag_injections_pkey";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_pkey";--> statement-breakpoint
ALTER TABLE "client_audience" ADD CONSTRAINT "client_audience_client_id_franchise_id_pk" PRIMARY KEY("client_id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_visit_days" ADD CONSTRAINT "client_visit_days_client_id_day_franchise_id_pk" PRIMARY KEY("client_id","day","franchise_id");--> statement-breakpoint
ALTER TABLE "automated_marketings" ADD CONSTRAINT "automated_marketings_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_occasion_key" PRIMARY KEY("automation_id","client_id","occasion","franchise_id");--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_franchise_id_pk" PRIMARY KEY("campaign_id","franchise_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_balances" ADD CONSTRAINT "client_balances_client_id_franchise_id_pk" PRIMARY KEY("client_id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_client_id_franchise_id_pk" PRIMARY KEY("client_id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_stores" ADD CONSTRAINT "client_stores_client_id_store_id_franchise_id_pk" PRIMARY KEY("client_id","store_id","franchise_id");--> statement-breakpoint
ALTER TABLE "loyalty_models" ADD CONSTRAINT "loyalty_models_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "loyalty_offers" ADD CONSTRAINT "loyalty_offers_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "store_owners" ADD CONSTRAINT "store_owners_store_id_user_id_franchise_id_pk" PRIMARY KEY("store_id","user_id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_crm_values" ADD CONSTRAINT "client_crm_values_client_id_local_id_franchise_id_pk" PRIMARY KEY("client_id","local_id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_push_tokens" ADD CONSTRAINT "client_push_tokens_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "scan_devices" ADD CONSTRAINT "scan_devices_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "emarketing_days" ADD CONSTRAINT "emarketing_days_emarketing_id_day_franchise_id_pk" PRIMARY KEY("emarketing_id","day","franchise_id");--> statement-breakpoint
ALTER TABLE "emarketing_registrations" ADD CONSTRAINT "emarketing_registrations_client_id_franchise_id_pk" PRIMARY KEY("client_id","franchise_id");--> statement-breakpoint
ALTER TABLE "emarketings" ADD CONSTRAINT "emarketings_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_client_id_batch_franchise_id_pk" PRIMARY KEY("client_id","batch","franchise_id");--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "game_stores" ADD CONSTRAINT "game_stores_game_id_store_id_franchise_id_pk" PRIMARY KEY("game_id","store_id","franchise_id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "pos_merchant_accounts" ADD CONSTRAINT "pos_merchant_accounts_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "tag_injections" ADD CONSTRAINT "tag_injections_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automation_fk" FOREIGN KEY ("franchise_id","automation_id") REFERENCES "public"."automated_marketings"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_campaign_fk" FOREIGN KEY ("franchise_id","campaign_id") REFERENCES "public"."campaigns"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_fk" FOREIGN KEY ("franchise_id","campaign_id") REFERENCES "public"."campaigns"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_offers" ADD CONSTRAINT "loyalty_offers_model_fk" FOREIGN KEY ("franchise_id","loyalty_model_id") REFERENCES "public"."loyalty_models"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_balance_fk" FOREIGN KEY ("franchise_id","client_id") REFERENCES "public"."client_balances"("franchise_id","client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketing_days" ADD CONSTRAINT "emarketing_days_emarketing_fk" FOREIGN KEY ("franchise_id","emarketing_id") REFERENCES "public"."emarketings"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketing_registrations" ADD CONSTRAINT "emarketing_registrations_emarketing_fk" FOREIGN KEY ("franchise_id","emarketing_id") REFERENCES "public"."emarketings"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_campaign_fk" FOREIGN KEY ("franchise_id","campaign_id") REFERENCES "public"."campaigns"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_game_fk" FOREIGN KEY ("franchise_id","game_id") REFERENCES "public"."games"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rewards" ADD CONSTRAINT "game_rewards_game_fk" FOREIGN KEY ("franchise_id","game_id") REFERENCES "public"."games"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_stores" ADD CONSTRAINT "game_stores_game_fk" FOREIGN KEY ("franchise_id","game_id") REFERENCES "public"."games"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_orders" ADD CONSTRAINT "pos_orders_account_fk" FOREIGN KEY ("franchise_id","pos_account_id") REFERENCES "public"."pos_merchant_accounts"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("franchise_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("franchise_id","event_id") REFERENCES "public"."webhook_events"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_campaign_client_key" ON "coupons" USING btree ("campaign_id","client_id","franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_tx_expiry_key" ON "points_transactions" USING btree ("reference","franchise_id") WHERE "points_transactions"."type" = 'expiry';--> statement-breakpoint
CREATE UNIQUE INDEX "game_participants_game_client_key" ON "game_participants" USING btree ("game_id","client_id","franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_accounts_store_key" ON "pos_merchant_accounts" USING btree ("store_id","franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_orders_store_key" ON "pos_orders" USING btree ("store_id","provider_order_id","franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_products_store_key" ON "pos_products" USING btree ("store_id","provider_product_id","franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id","franchise_id");--> statement-breakpoint
ALTER TABLE "points_expiry_settings" ADD CONSTRAINT "points_expiry_settings_id_unique" UNIQUE("id","franchise_id");