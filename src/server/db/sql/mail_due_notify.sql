-- E-mail queued for a mail server (adapters/mail, issue 35 §2) notifies 'mail_due' at commit: the
-- workers listen and send it then (plugins/jobs.ts). An ask made by the process that queued it went
-- out before its transaction committed, so a run could find nothing and leave the message to the
-- minute's cron. Messages recorded as sent or delivered locally (campaigns, the local outbox) pass the
-- trigger's condition without calling it.
CREATE OR REPLACE FUNCTION mail_due_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One notification per transaction however many rows: PostgreSQL merges identical ones.
  PERFORM pg_notify('mail_due', '');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER outbox_mail_due AFTER INSERT ON outbox
  FOR EACH ROW WHEN (NEW.status = 'QUEUED' AND NEW.channel = 'email')
  EXECUTE FUNCTION mail_due_notify();
