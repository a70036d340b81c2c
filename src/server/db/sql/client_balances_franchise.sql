-- The balance row keeps its client's franchise (its sort indexes lead with it).
CREATE OR REPLACE FUNCTION client_balances_franchise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_balances SET franchise_id = NEW.franchise_id WHERE client_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_balances_franchise AFTER UPDATE OF franchise_id ON clients
  FOR EACH ROW WHEN (OLD.franchise_id IS DISTINCT FROM NEW.franchise_id)
  EXECUTE FUNCTION client_balances_franchise();
