CREATE INDEX "download_tickets_token_idx" ON "download_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_participants_coupon_idx" ON "game_participants" USING btree ("coupon_id") WHERE "game_participants"."coupon_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");