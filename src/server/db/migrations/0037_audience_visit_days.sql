ALTER TABLE "client_audience" ADD COLUMN "visit_days" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- Every client's visits from its visit days (one day per visit, sorted); later visits are added by
-- client_visit_days_trigger (sql/client_visit_days_trigger.sql) and client_audience_refresh. This rewrites
-- every row that has a visit: autovacuum reclaims the old versions (a big franchise's counts are slower
-- until it has; `vacuum client_audience` after the migration does it at once).
UPDATE "client_audience" a SET "visit_days" = v.days
  FROM (SELECT d.client_id, array_agg(d.day ORDER BY d.day) AS days
          FROM "client_visit_days" d CROSS JOIN LATERAL generate_series(1, d.visits)
         WHERE d.visits > 0
         GROUP BY d.client_id) v
 WHERE a.client_id = v.client_id;
