// The coupons a campaign issues (issue 18): one per recipient who is sent the message, exactly once
// whatever the crashes and retries. The coupon row is keyed by (campaign_id, client_id), inserted with
// `on conflict do nothing` just before the message goes out, and the recipient row points at it; a
// rerun after a crash finds the same coupon and reuses it. Holdout rows are never claimed, so never get
// one; a recipient skipped (consent gone) or given up on (ERROR) has its unused coupon withdrawn.
// Redeeming is the existing coupon call (POST api/v2/coupons-user/{id}/redeem).
import { addDays, addMonths } from 'date-fns'
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { CampaignCoupon } from '../../domain/campaign-contract'
import { isCouponContent } from '../../domain/short-links'
import { type Db, rowsOf, type Tx } from '../db/client'
import { campaignRecipients, type campaigns, coupons } from '../db/schema'
import { notFound } from '../errors'
import { campaignRow } from './campaign-rows'
import type { Scope } from './scope'

type Campaign = typeof campaigns.$inferSelect
type Recipient = { campaignId: string; clientId: string; couponId: string | null }
type Validity = NonNullable<Campaign['coupon']>['validity']

/** When a coupon issued at `issuedAt` expires: its validity in days, weeks or calendar months. */
export function expiryOf(issuedAt: Date, validity: Validity): Date {
  if (validity.unit === 'months') return addMonths(issuedAt, validity.value)
  return addDays(issuedAt, validity.unit === 'weeks' ? 7 * validity.value : validity.value)
}

/**
 * The recipient's coupon, issued the first time and found again on every later call: one statement
 * (two when another worker inserted it meanwhile), and the unique (campaign, client) key, so crashes
 * and overlapping workers leave one coupon, never two. Null when the campaign gives none.
 */
export async function issueCoupon(
  db: Db | Tx,
  c: Campaign,
  currencyCode: string,
  r: Recipient,
  now: Date,
): Promise<string | null> {
  if (!c.coupon || !isCouponContent(c.content)) return null
  if (r.couponId) return r.couponId
  const k = c.coupon
  const res = await db.execute(sql`
    with issued as (
      insert into coupons (franchise_id, client_id, campaign_id, type, value, currency_code, header,
        product_description, terms_of_use, expires_at)
      values (${c.franchiseId}, ${r.clientId}, ${c.id}, ${k.type}, ${k.value ?? null},
        ${k.type === 'flat' ? currencyCode : null}, ${k.header}, ${k.productDescription ?? null},
        ${k.termsOfUse ?? null}, ${expiryOf(now, k.validity).toISOString()})
      on conflict (campaign_id, client_id, franchise_id) do nothing
      returning id),
    coupon as (
      select id from issued
      union all
      select id from coupons
      where campaign_id = ${c.id} and client_id = ${r.clientId} and franchise_id = ${c.franchiseId})
    update campaign_recipients set coupon_id = coalesce((select id from coupon limit 1), coupon_id)
    where campaign_id = ${c.id} and client_id = ${r.clientId} and franchise_id = ${c.franchiseId}
    returning coupon_id as "couponId"`)
  const couponId = rowsOf<{ couponId: string | null }>(res)[0]?.couponId
  if (couponId) return couponId
  // Another worker (this row's lease ran out under it) inserted the coupon while this statement
  // waited: its snapshot could not see that row. A new statement does.
  const again = await db.execute(sql`
    update campaign_recipients set coupon_id = (select id from coupons
      where campaign_id = ${c.id} and client_id = ${r.clientId} and franchise_id = ${c.franchiseId})
    where campaign_id = ${c.id} and client_id = ${r.clientId} and franchise_id = ${c.franchiseId}
    returning coupon_id as "couponId"`)
  return rowsOf<{ couponId: string | null }>(again)[0]?.couponId ?? null
}

/** A recipient who will not get the message loses the coupon it was issued, unless already used. */
export async function withdrawCoupon(db: Db | Tx, c: Campaign, clientId: string): Promise<void> {
  if (!isCouponContent(c.content)) return
  await db
    .delete(coupons)
    .where(
      and(
        eq(coupons.campaignId, c.id),
        eq(coupons.clientId, clientId),
        eq(coupons.franchiseId, c.franchiseId),
        isNull(coupons.claimedAt),
      ),
    )
  await db
    .update(campaignRecipients)
    .set({ couponId: null })
    .where(
      and(
        eq(campaignRecipients.campaignId, c.id),
        eq(campaignRecipients.clientId, clientId),
        eq(campaignRecipients.franchiseId, c.franchiseId),
      ),
    )
}

/** GET api/v2/communication-campaigns/{id}/current-coupon: the campaign's coupon and its counts. */
export async function currentCoupon(db: Db, scope: Scope, campaignId: string): Promise<CampaignCoupon> {
  const c = await campaignRow(db, scope, campaignId)
  if (!c.coupon || !isCouponContent(c.content))
    throw notFound('UNABLE_TO_GET_COUPON_BY_COMMUNICATION_CAMPAIGN_ID', 'This campaign has no coupon')
  const of = and(eq(coupons.campaignId, c.id), eq(coupons.franchiseId, c.franchiseId))
  const [counts] = await db
    .select({
      issued: sql<number>`count(*)::int`,
      redeemed: sql<number>`(count(*) filter (where ${isNotNull(coupons.claimedAt)}))::int`,
    })
    .from(coupons)
    .where(of)
  const k = c.coupon
  return {
    type: k.type,
    value: k.value ?? null,
    header: k.header,
    productDescription: k.productDescription ?? null,
    termsOfUse: k.termsOfUse ?? null,
    validity: k.validity,
    issued: counts?.issued ?? 0,
    redeemed: counts?.redeemed ?? 0,
  }
}
