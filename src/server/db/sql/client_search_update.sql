-- The search row follows a client's names, e-mail and phone: only when a searched field really changes.
CREATE OR REPLACE FUNCTION client_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_search
     SET search_text = client_search_text(NEW.first_name, NEW.last_name, NEW.email, NEW.phone)
   WHERE client_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_search_update AFTER UPDATE OF first_name, last_name, email, phone ON clients
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION client_search_update();
