// A campaign's opens (issue 18). Each recipient row has an unguessable code (link_code, 72 random
// bits); the SMS carries `/r/<code>` and this server redirects it to the campaign's link, or to the
// public coupon page for a coupon campaign, counting the first follow as the recipient's open. The
// customer app reports a push notification opened with the same code (it comes in the push's link),
// since the product has no customer sign-in: the code is the proof of being that recipient.
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import type { PublicCampaignCoupon } from '../../domain/campaign-contract'
import { isCouponContent } from '../../domain/short-links'
import type { Db } from '../db/client'
import { campaignRecipients, campaigns, coupons, franchises } from '../db/schema'
import { notFound } from '../errors'
import { toCouponRow } from './client-offers'

const linkNotFound = () => notFound('CAMPAIGN_LINK_NOT_FOUND', 'This link does not exist')

// A code sent to nobody (the control group, a skipped or cancelled row) opens nothing.
const UNSENT = ['HOLDOUT', 'SKIPPED', 'CANCELLED']

async function recipientByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      clientId: campaignRecipients.clientId,
      franchiseId: campaignRecipients.franchiseId,
      channel: campaignRecipients.channel,
      openedAt: campaignRecipients.openedAt,
      couponId: campaignRecipients.couponId,
      link: campaigns.link,
      content: campaigns.content,
    })
    .from(campaignRecipients)
    .innerJoin(
      campaigns,
      and(
        eq(campaigns.id, campaignRecipients.campaignId),
        eq(campaigns.franchiseId, campaignRecipients.franchiseId),
      ),
    )
    .where(and(eq(campaignRecipients.linkCode, code), notInArray(campaignRecipients.status, UNSENT)))
  return row
}

/** The first open of a recipient; later ones change nothing. */
async function markOpened(
  db: Db,
  r: { campaignId: string; clientId: string; franchiseId: string },
  now: Date,
) {
  await db
    .update(campaignRecipients)
    .set({ openedAt: now })
    .where(
      and(
        eq(campaignRecipients.campaignId, r.campaignId),
        eq(campaignRecipients.clientId, r.clientId),
        eq(campaignRecipients.franchiseId, r.franchiseId),
        isNull(campaignRecipients.openedAt),
      ),
    )
}

/** GET /r/{code}: where the short link leads (counted as an open); a 404 for an unknown code. */
export async function followShortLink(db: Db, code: string, publicUrl: string, now = new Date()) {
  const r = await recipientByCode(db, code)
  if (!r) throw linkNotFound()
  if (!r.openedAt) await markOpened(db, r, now)
  if (isCouponContent(r.content) && r.couponId) return `${publicUrl}/coupon/${code}`
  // Only a web address is followed; anything else lands on the public site.
  return r.link && /^https?:\/\//i.test(r.link) ? r.link : `${publicUrl}/`
}

/** POST api/v2/communication-campaigns/{id}/opened {code}: the app's report of a push opened. */
export async function pushOpened(db: Db, campaignId: string, code: string, now = new Date()) {
  const r = await recipientByCode(db, code)
  if (!r || r.campaignId !== campaignId || r.channel !== 'PUSH') throw linkNotFound()
  if (!r.openedAt) await markOpened(db, r, now)
  return { opened: true as const }
}

/** GET api/public/campaign-links/{code}/coupon: the coupon the public page shows. */
export async function publicCoupon(db: Db, code: string, now = new Date()): Promise<PublicCampaignCoupon> {
  const r = await recipientByCode(db, code)
  if (!r?.couponId) throw notFound('COUPON_NOT_FOUND', 'Coupon not found')
  const [row] = await db
    .select({ c: coupons, franchiseName: franchises.name, franchiseLogo: franchises.logo })
    .from(coupons)
    .innerJoin(franchises, eq(franchises.id, coupons.franchiseId))
    .where(
      and(
        eq(coupons.id, r.couponId),
        eq(coupons.franchiseId, r.franchiseId),
        inArray(coupons.type, ['flat', 'percentage', 'product']),
      ),
    )
  if (!row) throw notFound('COUPON_NOT_FOUND', 'Coupon not found')
  // The client screens' coupon row, without what the customer's page has no use for.
  const { id: _id, claimedAt: _claimedAt, ...coupon } = toCouponRow(row.c, now)
  return {
    franchiseName: row.franchiseName,
    franchiseLogo: row.franchiseLogo,
    ...coupon,
    type: coupon.type as PublicCampaignCoupon['type'],
    state: coupon.state as PublicCampaignCoupon['state'],
    counterCode: row.c.code,
  }
}
