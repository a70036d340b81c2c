-- ledger_open_clients(p_franchise, p): an import's new clients (services/imports-run.ts) with their
-- opening balances, in one statement: the clients, the balance rows of those with points (already
-- loaded), and one `migration` ledger row each, in the records' order. One statement because the
-- triggers of a new client fire at its end: its audience row (client_audience_refresh) is then
-- written once, with its points, where an empty balance updated afterwards rewrote it (a row of eleven
-- indexes) a second time, row by row: a third of a 100,000-client import (issue 38 §1). The other
-- clients get their empty balance from clients_balances_insert (it skips those written here). Row-level
-- security applies (this runs as the caller). The franchise's cap applies as in ledger_move (on an
-- empty balance, the cap itself).
-- p: [{id, first_name, last_name, email, phone, gender, birth_date, postcode, points, reference, row}], row
-- being the record's in the file; points null or > 0. p_author, p_impostor: who ran the import; p_at: the ledger's time.
CREATE OR REPLACE FUNCTION ledger_open_clients(p_franchise uuid, p jsonb, p_author uuid, p_impostor uuid,
                                               p_at timestamptz) RETURNS integer LANGUAGE sql AS $$
  WITH r AS (
    SELECT * FROM jsonb_to_recordset(p) AS r(id uuid, first_name text, last_name text, email text, phone text,
      gender text, birth_date text, postcode text, points int, reference text, row int)
  ),
  made AS (
    INSERT INTO clients (id, franchise_id, first_name, last_name, email, phone, gender, birth_date, postcode,
                         acquired_from)
    SELECT r.id, p_franchise, coalesce(r.first_name, ''), coalesce(r.last_name, ''), r.email, r.phone, r.gender,
           r.birth_date, r.postcode, 'MIGRATION'
      FROM r
    RETURNING id
  ),
  opening AS (
    SELECT r.id, r.reference, r.row,
           -- least() passes over a null: no cap, the points as they are.
           least(r.points, franchise_points_cap(f.has_max_points_enabled, f.max_points)) AS points
      FROM r JOIN made ON made.id = r.id JOIN franchises f ON f.id = p_franchise
     WHERE r.points > 0
  ),
  balances AS (
    INSERT INTO client_balances (client_id, franchise_id, points, total_collected_points)
    SELECT o.id, p_franchise, o.points, o.points FROM opening o
    RETURNING client_id
  ),
  moves AS (
    INSERT INTO points_transactions (franchise_id, client_id, store_id, type, points, reference, author_id,
                                     impostor_of, created_at)
    SELECT p_franchise, o.id, NULL, 'migration', o.points, o.reference, p_author, p_impostor, p_at
      FROM opening o JOIN balances b ON b.client_id = o.id
     ORDER BY o.row
    RETURNING 1
  )
  SELECT count(*)::int FROM moves
$$;
