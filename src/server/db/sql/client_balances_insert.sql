-- A new client gets an empty balance row (client_balances, the only home of a client's points), one
-- statement at a time; a bulk load may have written its balance rows first.
CREATE OR REPLACE FUNCTION client_balances_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_balances (client_id, franchise_id)
  SELECT id, franchise_id FROM new_rows
  ON CONFLICT (client_id, franchise_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_balances_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_insert();
