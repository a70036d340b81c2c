-- The changes outgoing webhooks report (issue 23), recorded by webhook_record in the transaction that
-- makes them, whichever service or job made them: a client created, a points move (and an offer's
-- redemption, a `redeem` row naming the offer), a coupon claimed, a campaign's sending finished. One
-- call per statement; a statement of a franchise without an enabled endpoint costs one index probe.
-- Payloads carry ids and figures, never a client's personal fields (an erased client leaves none here).
CREATE OR REPLACE FUNCTION webhook_events_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM webhook_record((SELECT jsonb_agg(jsonb_build_object('franchise_id', c.franchise_id, 'type', 'client.created',
        'data', jsonb_build_object('clientId', c.id, 'acquiredFrom', c.acquired_from, 'createdAt', c.created_at)))
       FROM added c
      WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.franchise_id = c.franchise_id AND e.enabled)));
  ELSIF TG_TABLE_NAME = 'points_transactions' THEN
    PERFORM webhook_record((SELECT jsonb_agg(x.ev)
       FROM added t
      CROSS JOIN LATERAL (
        SELECT jsonb_build_object('franchise_id', t.franchise_id, 'type', 'points.moved',
          'data', jsonb_build_object('transactionId', t.id, 'clientId', t.client_id, 'storeId', t.store_id,
            'type', t.type, 'points', t.points, 'amountCents', t.amount_cents, 'currencyCode', t.currency_code,
            'reference', t.reference, 'createdAt', t.created_at))
        UNION ALL
        SELECT jsonb_build_object('franchise_id', t.franchise_id, 'type', 'reward.redeemed',
          'data', jsonb_build_object('kind', 'offer', 'offerId', t.reference, 'clientId', t.client_id,
            'storeId', t.store_id, 'points', t.points, 'transactionId', t.id, 'redeemedAt', t.created_at))
         WHERE t.type = 'redeem' AND t.reference IS NOT NULL
      ) AS x(ev)
      WHERE EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.franchise_id = t.franchise_id AND e.enabled)));
  ELSIF TG_TABLE_NAME = 'coupons' THEN
    PERFORM webhook_record((SELECT jsonb_agg(jsonb_build_object('franchise_id', n.franchise_id, 'type', 'reward.redeemed',
        'data', jsonb_build_object('kind', 'coupon', 'couponId', n.id, 'clientId', n.client_id,
          'storeId', n.claimed_store_id, 'campaignId', n.campaign_id, 'redeemedAt', n.claimed_at)))
       FROM added n JOIN gone o ON o.id = n.id
      WHERE o.claimed_at IS NULL AND n.claimed_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.franchise_id = n.franchise_id AND e.enabled)));
  ELSIF TG_TABLE_NAME = 'campaigns' THEN
    PERFORM webhook_record((SELECT jsonb_agg(jsonb_build_object('franchise_id', n.franchise_id, 'type', 'campaign.finished',
        'data', jsonb_build_object('campaignId', n.id, 'name', n.name, 'type', n.type, 'channel', n.channel,
          'automationId', n.automation_id, 'sentAt', n.sent_at)))
       FROM added n JOIN gone o ON o.id = n.id
      WHERE o.dispatch <> 'SENT' AND n.dispatch = 'SENT'
        AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.franchise_id = n.franchise_id AND e.enabled)));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER clients_webhook_events AFTER INSERT ON clients REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_events_trigger();

CREATE OR REPLACE TRIGGER points_transactions_webhook_events AFTER INSERT ON points_transactions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION webhook_events_trigger();

CREATE OR REPLACE TRIGGER coupons_webhook_events AFTER UPDATE ON coupons
  REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION webhook_events_trigger();

CREATE OR REPLACE TRIGGER campaigns_webhook_events AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS gone NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION webhook_events_trigger();
