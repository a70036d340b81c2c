CREATE TABLE "download_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_token_hash_access_tokens_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."access_tokens"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tickets_expires_idx" ON "download_tickets" USING btree ("expires_at");