CREATE TABLE "emarketing_days" (
	"emarketing_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "emarketing_days_emarketing_id_day_pk" PRIMARY KEY("emarketing_id","day")
);
--> statement-breakpoint
CREATE TABLE "emarketing_registrations" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"emarketing_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"marketing_consent" boolean NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "emarketings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"logo" text,
	"link" text NOT NULL,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"tertiary_color" text NOT NULL,
	"registration_points" integer NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emarketings_points_positive" CHECK ("emarketings"."registration_points" > 0)
);
--> statement-breakpoint
ALTER TABLE "emarketing_days" ADD CONSTRAINT "emarketing_days_emarketing_id_emarketings_id_fk" FOREIGN KEY ("emarketing_id") REFERENCES "public"."emarketings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketing_registrations" ADD CONSTRAINT "emarketing_registrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketing_registrations" ADD CONSTRAINT "emarketing_registrations_emarketing_id_emarketings_id_fk" FOREIGN KEY ("emarketing_id") REFERENCES "public"."emarketings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketings" ADD CONSTRAINT "emarketings_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emarketings" ADD CONSTRAINT "emarketings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emarketings_franchise_key" ON "emarketings" USING btree ("franchise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emarketings_link_key" ON "emarketings" USING btree ("link");