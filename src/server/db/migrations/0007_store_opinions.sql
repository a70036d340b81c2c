CREATE TABLE "store_opinions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"client_id" uuid,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_opinions" ADD CONSTRAINT "store_opinions_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_opinions_store_idx" ON "store_opinions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "store_opinions_franchise_idx" ON "store_opinions" USING btree ("franchise_id","created_at");--> statement-breakpoint
ALTER TABLE store_opinions ADD CONSTRAINT store_opinions_rating_check CHECK (rating BETWEEN 1 AND 5);
