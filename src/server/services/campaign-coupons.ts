// The coupons a campaign issues (issue 18): one per recipient who is sent the message, exactly once
// whatever the crashes and retries. The coupon row is keyed by (campaign_id, client_id), inserted with
// `on conflict do nothing` just before the message goes out, and the recipient row points at it; a
// rerun after a crash finds the same coupon and reuses it. Holdout rows are never claimed, so never get
// one; a recipient skipped (consent gone) or given up on (ERROR) has its unused coupon withdrawn.
// Redeeming is the existing coupon call (POST api/v2/coupons-user/{id}/redeem).
import { addDays } from 'date-fns/addDays'
import { addMonths } from 'date-fns/addMonths'
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
 * The recipients' coupons, issued the first time and found again on every later call: two statements
 * for a chunk of recipients, and the unique (campaign, client) key, so crashes and overlapping workers
 * leave one coupon each, never two. The insert waits for another worker's insert of the same coupon
 * (its lease ran out under it) and then skips it; the update, a statement of its own, sees that row.
 * Returns each recipient's coupon by client; empty when the campaign gives none.
 */
export async function issueCoupons(
  db: Db | Tx,
  c: Campaign,
  currencyCode: string,
  rows: Recipient[],
  now: Date,
): Promise<Map<string, string>> {
  const issued = new Map<string, string>()
  if (!c.coupon || !isCouponContent(c.content)) return issued
  for (const r of rows) if (r.couponId) issued.set(r.clientId, r.couponId)
  const due = rows.filter((r) => !r.couponId).map((r) => r.clientId)
  if (!due.length) return issued
  const k = c.coupon
  const clientIds = sql.join(
    due.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  )
  await db.execute(sql`
    insert into coupons (franchise_id, client_id, campaign_id, type, value, currency_code, header,
      product_description, terms_of_use, expires_at)
    select ${c.franchiseId}, v.client_id, ${c.id}, ${k.type}, ${k.value ?? null},
      ${k.type === 'flat' ? currencyCode : null}, ${k.header}, ${k.productDescription ?? null},
      ${k.termsOfUse ?? null}, ${expiryOf(now, k.validity).toISOString()}
    from (values ${clientIds}) as v(client_id)
    on conflict (campaign_id, client_id, franchise_id) do nothing`)
  const linked = await db.execute(sql`
    update campaign_recipients r set coupon_id = k.id
    from coupons k
    where r.campaign_id = ${c.id} and r.franchise_id = ${c.franchiseId}
      and r.client_id in (select client_id from (values ${clientIds}) as v(client_id))
      and k.campaign_id = r.campaign_id and k.client_id = r.client_id and k.franchise_id = r.franchise_id
    returning r.client_id as "clientId", r.coupon_id as "couponId"`)
  for (const r of rowsOf<{ clientId: string; couponId: string }>(linked)) issued.set(r.clientId, r.couponId)
  return issued
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
