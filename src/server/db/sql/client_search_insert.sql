-- The search row of new clients, one statement at a time (a bulk import is one insert into
-- client_search). The search text lives in its own table so that a write to the client row adds no
-- trigram entries.
CREATE OR REPLACE FUNCTION client_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_search (client_id, franchise_id, search_text)
  SELECT id, franchise_id, client_search_text(first_name, last_name, email, phone) FROM new_rows;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_search_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_search_insert();
