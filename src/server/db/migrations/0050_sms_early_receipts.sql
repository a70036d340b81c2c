CREATE TABLE "sms_early_receipts" (
	"provider" text NOT NULL,
	"message_id" text NOT NULL,
	"delivery" text NOT NULL,
	"error_code" text,
	"unreachable_phone" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_early_receipts_provider_message_id_pk" PRIMARY KEY("provider","message_id")
);
