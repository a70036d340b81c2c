-- Issue 37 §4: an import's rows and file chunks keyed with franchise_id, ready for Citus (docs/citus.md).
-- The chunks get the column (from their import) so that they are distributed with it.
ALTER TABLE "client_import_chunks" DROP CONSTRAINT "client_import_chunks_import_id_client_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "client_import_rows" DROP CONSTRAINT "client_import_rows_import_id_client_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "client_import_chunks" DROP CONSTRAINT "client_import_chunks_import_id_seq_pk";--> statement-breakpoint
ALTER TABLE "client_import_rows" DROP CONSTRAINT "client_import_rows_import_id_row_pk";--> statement-breakpoint
ALTER TABLE "client_imports" DROP CONSTRAINT "client_imports_pkey";--> statement-breakpoint
ALTER TABLE "client_import_chunks" ADD COLUMN "franchise_id" uuid;--> statement-breakpoint
UPDATE "client_import_chunks" c SET "franchise_id" = i."franchise_id" FROM "client_imports" i WHERE i."id" = c."import_id";--> statement-breakpoint
ALTER TABLE "client_import_chunks" ALTER COLUMN "franchise_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_id_franchise_id_pk" PRIMARY KEY("id","franchise_id");--> statement-breakpoint
ALTER TABLE "client_import_chunks" ADD CONSTRAINT "client_import_chunks_import_id_seq_franchise_id_pk" PRIMARY KEY("import_id","seq","franchise_id");--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_import_id_row_franchise_id_pk" PRIMARY KEY("import_id","row","franchise_id");--> statement-breakpoint
ALTER TABLE "client_import_chunks" ADD CONSTRAINT "client_import_chunks_import_fk" FOREIGN KEY ("franchise_id","import_id") REFERENCES "public"."client_imports"("franchise_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_import_fk" FOREIGN KEY ("franchise_id","import_id") REFERENCES "public"."client_imports"("franchise_id","id") ON DELETE cascade ON UPDATE no action;
