-- A campaign's recipients go with their campaign, and a client's with the client: what the foreign
-- keys of campaign_recipients did (migration 0025 dropped them, their row-by-row checks dominated the
-- freezing of a large audience), one statement per deleting statement. By campaign: the primary key's
-- range. By client: one pass over the table per statement that deletes clients, where the key's
-- cascade did one per client.
CREATE OR REPLACE FUNCTION campaign_recipients_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    DELETE FROM campaign_recipients r USING gone g WHERE r.campaign_id = g.id;
  ELSE
    DELETE FROM campaign_recipients r WHERE r.client_id IN (SELECT id FROM gone);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER campaigns_recipients_delete AFTER DELETE ON campaigns
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION campaign_recipients_cascade();

CREATE OR REPLACE TRIGGER clients_recipients_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION campaign_recipients_cascade();
