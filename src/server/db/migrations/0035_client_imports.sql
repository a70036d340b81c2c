CREATE TABLE "client_import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "client_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "client_import_rows" (
	"import_id" uuid NOT NULL,
	"franchise_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"outcome" text NOT NULL,
	"client_id" uuid,
	"reason" text,
	"field" text,
	"cells" jsonb,
	CONSTRAINT "client_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "client_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franchise_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"impostor_of" uuid,
	"file_name" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"headers" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'UPLOADED' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_import_chunks" ADD CONSTRAINT "client_import_chunks_import_id_client_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."client_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_import_id_client_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."client_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_import_rows_client_idx" ON "client_import_rows" USING btree ("import_id","client_id");--> statement-breakpoint
CREATE INDEX "client_imports_franchise_idx" ON "client_imports" USING btree ("franchise_id","created_at");