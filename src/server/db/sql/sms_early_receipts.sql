-- A delivery receipt can reach us before the send's answer has recorded the provider's message id:
-- services/sms-receipts.ts then keeps it in sms_early_receipts. Whichever statement later writes that
-- id applies it in the same row write, so no path (a send's answer, a lost answer settled from the
-- provider's list, Vonage's client-ref) can forget it:
-- - the outbox row (Messages sent) takes the receipt's status and code, and a refusal for good marks
--   the phone unreachable in that franchise;
-- - a campaign recipient takes the delivery its outbox row already has (the recipient's id is written
--   after the outbox's, and a receipt may land between the two).
CREATE OR REPLACE FUNCTION sms_early_receipt_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE e sms_early_receipts;
BEGIN
  DELETE FROM sms_early_receipts r
   WHERE r.provider = NEW.provider AND r.message_id = NEW.provider_message_id
  RETURNING * INTO e;
  IF FOUND THEN
    NEW.status := e.delivery;
    NEW.last_error := e.error_code;
    IF e.unreachable_phone IS NOT NULL AND e.error_code IS NOT NULL AND NEW.franchise_id IS NOT NULL THEN
      INSERT INTO sms_unreachable_phones (franchise_id, phone, provider, code)
      VALUES (NEW.franchise_id, e.unreachable_phone, e.provider, e.error_code) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION sms_early_receipt_recipient() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.status, o.last_error INTO NEW.delivery, NEW.delivery_error
    FROM outbox o
   WHERE o.provider_message_id = NEW.provider_message_id
     AND o.status IN ('DELIVERED', 'UNDELIVERED', 'FAILED')
   LIMIT 1;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER outbox_early_receipt_insert BEFORE INSERT ON outbox FOR EACH ROW
  WHEN (NEW.provider_message_id IS NOT NULL)
  EXECUTE FUNCTION sms_early_receipt_outbox();

CREATE OR REPLACE TRIGGER outbox_early_receipt_update BEFORE UPDATE OF provider_message_id ON outbox FOR EACH ROW
  WHEN (OLD.provider_message_id IS NULL AND NEW.provider_message_id IS NOT NULL)
  EXECUTE FUNCTION sms_early_receipt_outbox();

CREATE OR REPLACE TRIGGER campaign_recipients_early_receipt BEFORE UPDATE OF provider_message_id
  ON campaign_recipients FOR EACH ROW
  WHEN (NEW.provider_message_id IS NOT NULL AND NEW.delivery IS NULL
        AND OLD.provider_message_id IS DISTINCT FROM NEW.provider_message_id)
  EXECUTE FUNCTION sms_early_receipt_recipient();
