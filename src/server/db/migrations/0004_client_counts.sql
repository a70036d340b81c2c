CREATE TABLE "client_day_counts" (
	"franchise_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"acquired_from" text NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_day_counts_franchise_id_kind_acquired_from_day_pk" PRIMARY KEY("franchise_id","kind","acquired_from","day")
);
--> statement-breakpoint
CREATE TABLE "store_client_counts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_day_counts" ADD CONSTRAINT "client_day_counts_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_client_counts" ADD CONSTRAINT "store_client_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers keep the counters exact in the same transaction as the client rows. Rows are
-- upserted in key order so that concurrent writers lock counters in the same order (no deadlock).
CREATE FUNCTION client_day_counts_apply(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
  SELECT d.franchise_id, d.kind, d.acquired_from, d.day, sum(d.n)::int
    FROM jsonb_to_recordset(delta) AS d(franchise_id uuid, kind text, acquired_from text, day date, n int)
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (franchise_id, kind, acquired_from, day) DO UPDATE SET n = client_day_counts.n + excluded.n
$$;
--> statement-breakpoint
-- The counter keys of a client row `c`: its last-sighting day ('L') and first-sighting day ('F').
CREATE FUNCTION clients_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', 1))
         FROM new_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date)) AS k(kind, day)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_day_counts_apply((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'kind', k.kind, 'acquired_from', c.acquired_from, 'day', k.day, 'n', -1))
         FROM old_rows c
        CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date)) AS k(kind, day)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counts_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_trigger();
--> statement-breakpoint
-- Updates go row by row, and only when a key moves to another day: most updates (points, names, a
-- second visit the same day) fire nothing at all.
CREATE FUNCTION clients_counts_row_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_day_counts_apply(jsonb_build_array(
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'L', 'acquired_from', OLD.acquired_from, 'day', (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', OLD.franchise_id, 'kind', 'F', 'acquired_from', OLD.acquired_from, 'day', (OLD.first_seen_at AT TIME ZONE 'UTC')::date, 'n', -1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'L', 'acquired_from', NEW.acquired_from, 'day', (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, 'n', 1),
    jsonb_build_object('franchise_id', NEW.franchise_id, 'kind', 'F', 'acquired_from', NEW.acquired_from, 'day', (NEW.first_seen_at AT TIME ZONE 'UTC')::date, 'n', 1)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counts_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN ((OLD.acquired_from, (coalesce(OLD.last_visit_at, OLD.created_at) AT TIME ZONE 'UTC')::date, (OLD.first_seen_at AT TIME ZONE 'UTC')::date)
        IS DISTINCT FROM (NEW.acquired_from, (coalesce(NEW.last_visit_at, NEW.created_at) AT TIME ZONE 'UTC')::date, (NEW.first_seen_at AT TIME ZONE 'UTC')::date))
  EXECUTE FUNCTION clients_counts_row_trigger();
--> statement-breakpoint
CREATE TRIGGER clients_counts_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_trigger();
--> statement-breakpoint
CREATE FUNCTION client_stores_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO store_client_counts (store_id, n)
    SELECT store_id, count(*)::int FROM new_rows GROUP BY store_id ORDER BY store_id
    ON CONFLICT (store_id) DO UPDATE SET n = store_client_counts.n + excluded.n;
  ELSE
    UPDATE store_client_counts s SET n = s.n - d.n
      FROM (SELECT store_id, count(*)::int AS n FROM old_rows GROUP BY store_id) d
     WHERE s.store_id = d.store_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_stores_counts_insert AFTER INSERT ON client_stores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER client_stores_counts_delete AFTER DELETE ON client_stores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_stores_counts_trigger();
--> statement-breakpoint
-- Counters for the clients already there.
INSERT INTO client_day_counts (franchise_id, kind, acquired_from, day, n)
SELECT c.franchise_id, k.kind, c.acquired_from, k.day, count(*)::int
  FROM clients c CROSS JOIN LATERAL (VALUES ('L', (coalesce(c.last_visit_at, c.created_at) AT TIME ZONE 'UTC')::date), ('F', (c.first_seen_at AT TIME ZONE 'UTC')::date)) AS k(kind, day)
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO store_client_counts (store_id, n) SELECT store_id, count(*)::int FROM client_stores GROUP BY store_id;
