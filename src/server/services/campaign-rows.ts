// One campaign row as the campaign reads and writes see it (with its franchise's clock and rules, its
// author and its linked news), and the caller's reach over campaigns. Apart from campaign-queries.ts so
// that the statistics and coupon services can read a campaign without importing the queries that
// import them.
import { and, eq } from 'drizzle-orm'
import type { Campaign } from '../../domain/campaign-contract'
import type { Db } from '../db/client'
import { campaigns, franchises, news, users } from '../db/schema'
import { notFound } from '../errors'
import { campaignInScope, type Scope } from './scope'

export const campaignNotFound = () =>
  notFound('COMMUNICATION_CAMPAIGN_NOT_FOUND', 'Communication campaign not found')

/** The linked news as §3 Campaign.news shows it (null: none, or deleted since). */
type LinkedNews = Campaign['news']

export type CampaignRow = typeof campaigns.$inferSelect & {
  timezone: string
  /** The franchise's sending rules: quiet days kept, its country's holidays (sendsAt). */
  smsQuietDays: boolean
  country: string
  authorName: string | null
  linkedNews: LinkedNews
}

const rowColumns = {
  campaign: campaigns,
  timezone: franchises.timezone,
  smsQuietDays: franchises.smsQuietDays,
  country: franchises.codeAlpha3,
  authorName: users.displayName,
  news: {
    title: news.name,
    message: news.description,
    startDate: news.startDate,
    endDate: news.endDate,
    createdAt: news.createdAt,
  },
}

export function selectCampaigns(db: Db) {
  return db
    .select(rowColumns)
    .from(campaigns)
    .innerJoin(franchises, eq(franchises.id, campaigns.franchiseId))
    .leftJoin(users, eq(users.id, campaigns.userId))
    .leftJoin(news, eq(news.id, campaigns.newsId))
}

export const flatten = (r: {
  campaign: typeof campaigns.$inferSelect
  timezone: string
  smsQuietDays: boolean
  country: string
  authorName: string | null
  news: { title: string; message: string; startDate: string; endDate: string; createdAt: Date } | null
}) =>
  ({
    ...r.campaign,
    timezone: r.timezone,
    smsQuietDays: r.smsQuietDays,
    country: r.country,
    authorName: r.authorName,
    linkedNews: r.news
      ? {
          title: r.news.title,
          message: r.news.message,
          startDate: r.news.startDate,
          endDate: r.news.endDate,
          dateCreated: r.news.createdAt.toISOString(),
        }
      : null,
  }) satisfies CampaignRow

/** One campaign the caller reaches (of `franchiseId` when given); else COMMUNICATION_CAMPAIGN_NOT_FOUND. */
export async function campaignRow(db: Db, scope: Scope, id: string, franchiseId?: string) {
  const [row] = await selectCampaigns(db)
    .where(
      and(
        eq(campaigns.id, id),
        campaignInScope(scope),
        franchiseId ? eq(campaigns.franchiseId, franchiseId) : undefined,
      ),
    )
    .limit(1)
  if (!row) throw campaignNotFound()
  return flatten(row)
}
