// Campaign test data: a franchise's clients with phones of several countries, a campaign row ready
// for the dispatch engine, and the API bodies of a news item and of the SMS campaign that sends it.
import { eq } from 'drizzle-orm'
import { addDays } from '../../src/domain/news'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import type { Db } from '../../src/server/db/client'
import { campaignRecipients, campaigns, clients, coupons, franchises } from '../../src/server/db/schema'
import type { DispatchDeps } from '../../src/server/services/campaign-dispatch'

export async function franchiseNamed(db: Db, title: string) {
  const [f] = await db.select().from(franchises).where(eq(franchises.name, title))
  if (!f) throw new Error(`no franchise ${title}`)
  return f
}

/** `n` French clients with distinct mobile numbers (+336…), plus the given extra rows. */
export async function addClients(db: Db, franchiseId: string, n: number, prefix = '+3361') {
  const rows = Array.from({ length: n }, (_, i) => ({
    franchiseId,
    firstName: `Client ${i}`,
    phone: `${prefix}${String(i).padStart(7, '0')}`,
    appLastUsedAt: new Date(),
  }))
  const ids: string[] = []
  for (let i = 0; i < rows.length; i += 500) {
    const part = await db
      .insert(clients)
      .values(rows.slice(i, i + 500))
      .returning({ id: clients.id })
    ids.push(...part.map((r) => r.id))
  }
  return ids
}

/**
 * The body that creates the franchise-wide news item "Soldes" (POST /api/v2/franchises/:id/news): a
 * week from `startDate` unless `endDate` is given, over before the seeded franchise-wide item begins
 * (§5 limit of offers at once).
 */
export const soldesNewsBody = (startDate: string, endDate = addDays(startDate, 6)) => ({
  name: 'Soldes',
  type: 'news',
  description: 'Les soldes',
  startDate,
  endDate,
  storeIds: [],
})

/**
 * The body that creates, by `userId`, an SMS campaign sending the news item `newsId`, saved without a
 * schedule (POST /api/v2/franchises/:id/communication-campaigns); `over` adds to or replaces its fields,
 * `cc` those of its communicationCampaign.
 */
export const smsNewsCampaignBody = (
  userId: string,
  newsId: string,
  over: Record<string, unknown> = {},
  cc: Record<string, unknown> = {},
) => ({
  userId,
  channel: 'SMS',
  content: 'NEWS',
  newsId,
  ...over,
  communicationCampaign: {
    name: 'Soldes',
    type: 'MANUAL_CAMPAIGN',
    notification: { title: '', message: 'Soldes -20% ce week-end' },
    isScheduled: false,
    campaignFilters: {},
    ...cc,
  },
})

export async function addCampaign(
  db: Db,
  franchiseId: string,
  values: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [c] = await db
    .insert(campaigns)
    .values({
      franchiseId,
      name: 'Soldes',
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      channel: 'SMS',
      state: 'VALID',
      dispatch: 'SENDING',
      message: 'Soldes -20% ce week-end',
      ...values,
    })
    .returning()
  return c!
}

// The results tests' clock, public address and coupon (campaign-results, campaign-coupons).
export const PUBLIC = 'http://shop.test'
/** Tuesday 24 November 2026, 10:00 in Paris: the campaigns' start. */
export const T0 = new Date('2026-11-24T09:00:00Z')
export const COUPON = {
  type: 'flat' as const,
  value: 500,
  header: '5 € offerts',
  termsOfUse: 'Dès 20 € d’achat',
  validity: { value: 2, unit: 'weeks' as const },
}
/** The local adapters (outbox) for both channels. */
export const LOCAL_CHANNELS = { SMS: createSms({}), PUSH: createPush({}) }

/** The engine on the local adapters at T0, without waiting, with short links on PUBLIC. */
export const resultDeps = (db: Db, over: Partial<DispatchDeps> = {}): DispatchDeps => ({
  db,
  channels: LOCAL_CHANNELS,
  now: () => T0,
  sleep: async () => {},
  linkBase: PUBLIC,
  ...over,
})

export const recipientsOf = (db: Db, campaignId: string) =>
  db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId))
export const campaignCoupons = (db: Db, campaignId: string) =>
  db.select().from(coupons).where(eq(coupons.campaignId, campaignId))

/**
 * A fixed-offset zone where it is about noon now: a real job (on the real clock) runs inside the
 * 08:00–20:00 sending window whatever the hour of the test.
 */
export function middayZone(): string {
  const offset = 12 - new Date().getUTCHours()
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
}
