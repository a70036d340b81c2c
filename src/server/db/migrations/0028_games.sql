CREATE TABLE "game_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"store_id" uuid,
	"reward_id" uuid,
	"transaction_id" uuid,
	"coupon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"points" integer,
	"coupon" jsonb,
	"weight_units" integer NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_stores" (
	"game_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"google_link" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_stores_game_id_store_id_pk" PRIMARY KEY("game_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"type" text DEFAULT 'WHEEL' NOT NULL,
	"action" text NOT NULL,
	"action_url" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"can_loose" boolean DEFAULT true NOT NULL,
	"only_new_clients" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_reward_id_game_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."game_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rewards" ADD CONSTRAINT "game_rewards_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_stores" ADD CONSTRAINT "game_stores_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_stores" ADD CONSTRAINT "game_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_participants_game_client_key" ON "game_participants" USING btree ("game_id","client_id");--> statement-breakpoint
CREATE INDEX "game_participants_game_created_idx" ON "game_participants" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "game_participants_reward_idx" ON "game_participants" USING btree ("reward_id") WHERE "game_participants"."reward_id" is not null;--> statement-breakpoint
CREATE INDEX "game_rewards_game_idx" ON "game_rewards" USING btree ("game_id","position");--> statement-breakpoint
CREATE INDEX "game_stores_store_idx" ON "game_stores" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "games_franchise_created_idx" ON "games" USING btree ("franchise_id","created_at");