-- Access tokens are cached by each server process (src/server/services/token-cache.ts): any change to
-- what a token resolves to (the token, its user, the user's franchises and store links, the demo
-- franchise's stores) notifies 'auth_changed' at commit, and every process drops its cache.
CREATE OR REPLACE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER access_tokens_auth_changed AFTER UPDATE OR DELETE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();

CREATE OR REPLACE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();

CREATE OR REPLACE TRIGGER franchises_auth_changed AFTER INSERT OR UPDATE OF user_id, is_demo OR DELETE ON franchises
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();

CREATE OR REPLACE TRIGGER store_owners_auth_changed AFTER INSERT OR UPDATE OR DELETE ON store_owners
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();

CREATE OR REPLACE TRIGGER stores_auth_changed AFTER INSERT OR UPDATE OF franchise_id OR DELETE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
