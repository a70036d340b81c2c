-- sms_reachable(phone): a number the SMS channel may reach, by its E.164 calling code (SPEC §9 SMS
-- countries): the SQL twin of SMS_PREFIXES (services/campaign-audience.ts; a test checks they agree).
CREATE OR REPLACE FUNCTION sms_reachable(phone text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(phone ~ '^\+(32|1|33|689|49|353|39|596|48|351|34|41|44)', false)
$$;
