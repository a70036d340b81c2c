CREATE TABLE "client_crm_values" (
	"client_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"local_id" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_crm_values_client_id_local_id_pk" PRIMARY KEY("client_id","local_id")
);
--> statement-breakpoint
CREATE TABLE "crm_forms" (
	"franchise_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"proof_hash" text,
	"proof_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_crm_values" ADD CONSTRAINT "client_crm_values_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_crm_values" ADD CONSTRAINT "client_crm_values_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_forms" ADD CONSTRAINT "crm_forms_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_crm_values_field_idx" ON "client_crm_values" USING btree ("franchise_id","local_id");--> statement-breakpoint
CREATE INDEX "phone_codes_target_idx" ON "phone_codes" USING btree ("purpose","scope_id","phone","sent_at");