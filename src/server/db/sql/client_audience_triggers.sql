-- client_audience (tables-audience.ts) follows its sources in the same transaction. Inserts, store
-- links, opt-outs and unreachable phones: one call per statement with the rows it touched (a bulk load is one call). A
-- client's update: only when a column the audience reads changed (a points move that is not a visit
-- changes none). A balance's update (every points move): its two values copied, nothing recomputed.
-- A visit or a sale through ledger_move refreshes its client's row once, at its end: each trigger
-- here leaves that client (client_audience_deferred, client_audience_refresh.sql) to it.
CREATE OR REPLACE FUNCTION client_audience_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('sms_opt_outs', 'sms_unreachable_phones') THEN
    PERFORM client_audience_refresh(ARRAY(
      SELECT c.id FROM clients c JOIN changed_rows o ON o.franchise_id = c.franchise_id AND o.phone = c.phone));
  ELSIF TG_TABLE_NAME = 'clients' THEN
    PERFORM client_audience_refresh(ARRAY(SELECT id FROM changed_rows));
  ELSIF TG_TABLE_NAME = 'client_balances' THEN
    -- A new client's empty balance (client_balances_insert, after the client's own refresh, which read
    -- no balance as 0) changes nothing: only a balance loaded with points is read again.
    PERFORM client_audience_refresh(ARRAY(SELECT client_id FROM changed_rows
                                           WHERE (points <> 0 OR total_collected_points <> 0)
                                             AND client_id IS DISTINCT FROM client_audience_deferred()));
  ELSE
    -- A store link written by a visit: its move refreshes the row once, at its end.
    PERFORM client_audience_refresh(ARRAY(SELECT DISTINCT client_id FROM changed_rows
                                           WHERE client_id IS DISTINCT FROM client_audience_deferred()));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION client_audience_client_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_audience_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION client_audience_balance_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_audience SET points = NEW.points, collected = NEW.total_collected_points
   WHERE client_id = NEW.client_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_audience_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER clients_audience_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN ((OLD.franchise_id, OLD.phone, OLD.app_last_used_at, OLD.gender, OLD.birth_date, OLD.postcode,
         OLD.acquired_from, OLD.average_basket_key, OLD.weekly_basket_key, OLD.last_visit_key,
         OLD.last_visit_at, OLD.created_at, OLD.first_seen_at)
        IS DISTINCT FROM
        (NEW.franchise_id, NEW.phone, NEW.app_last_used_at, NEW.gender, NEW.birth_date, NEW.postcode,
         NEW.acquired_from, NEW.average_basket_key, NEW.weekly_basket_key, NEW.last_visit_key,
         NEW.last_visit_at, NEW.created_at, NEW.first_seen_at)
        AND NEW.id IS DISTINCT FROM client_audience_deferred())
  EXECUTE FUNCTION client_audience_client_row();

CREATE OR REPLACE TRIGGER client_balances_audience_insert AFTER INSERT ON client_balances
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER client_balances_audience_update AFTER UPDATE ON client_balances FOR EACH ROW
  WHEN ((OLD.points IS DISTINCT FROM NEW.points OR OLD.total_collected_points IS DISTINCT FROM NEW.total_collected_points)
        AND NEW.client_id IS DISTINCT FROM client_audience_deferred())
  EXECUTE FUNCTION client_audience_balance_row();

CREATE OR REPLACE TRIGGER client_stores_audience_insert AFTER INSERT ON client_stores
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER client_stores_audience_delete AFTER DELETE ON client_stores
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER sms_opt_outs_audience_insert AFTER INSERT ON sms_opt_outs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER sms_opt_outs_audience_delete AFTER DELETE ON sms_opt_outs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER sms_unreachable_phones_audience_insert AFTER INSERT ON sms_unreachable_phones
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();

CREATE OR REPLACE TRIGGER sms_unreachable_phones_audience_delete AFTER DELETE ON sms_unreachable_phones
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION client_audience_statement();
