// A NEWS campaign's news (SPEC §3 Campaign newsId, news, isNewsDifferentFromCampaign; issue 19): it links
// an existing news item of its franchise that the caller can see and that covers the stores it targets,
// or creates one when saved — from the campaign's title and message, or from its own when
// isNewsDifferentFromCampaign — under the §5 limit of offers at once (409 NEWS_LIMIT_REACHED). It must do
// one or the other (400 NEWS_REQUIRED), unless it is an edit of a campaign that has its news already
// (kept). Campaigns the server makes itself (automations, reminders) are not planned here. The rules
// are checked before anything is written (`planNews`); the news is created in the campaign's own
// transaction (`applyNews`), so a refused campaign leaves no news behind.

import type { CampaignInput } from '../../domain/campaign-contract'
import type { CampaignFilters } from '../../domain/campaigns'
import { DESCRIPTION_MAX, NAME_MAX, type NewsInput, newsInputError } from '../../domain/news'
import type { Db, Tx } from '../db/client'
import { badRequest } from '../errors'
import { insertNews, loadNews, newsNotFound } from './news'
import type { Tenant } from './scope'

/** What saving does to the campaign's news: none, keep the current one, link one, or create one. */
export type NewsPlan =
  | { kind: 'none' }
  | { kind: 'keep' }
  | { kind: 'link'; id: string }
  | { kind: 'create'; input: NewsInput; own: boolean }

const invalid = (field: string, reason: string, message: string) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: ${message}`, { field, reason, in: 'body' })

/** The body's field a news rule names (`name` of the news is the campaign's `news.title`). */
const FIELD_OF: Record<string, string> = {
  name: 'news.title',
  description: 'news.message',
  startDate: 'news.startDate',
  endDate: 'news.endDate',
}

/** The §3 rules of the input's news; `currentNewsId`: the campaign's news when it is an edit. */
export async function planNews(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: CampaignInput,
  filters: CampaignFilters,
  currentNewsId: string | null = null,
): Promise<NewsPlan> {
  const { newsId, news } = input
  if (input.content !== 'NEWS') {
    if (newsId) throw invalid('newsId', 'NEWS_NOT_EXPECTED', 'only a NEWS campaign has a news item')
    if (news) throw invalid('news', 'NEWS_NOT_EXPECTED', 'only a NEWS campaign has a news item')
    return { kind: 'none' }
  }
  if (newsId && news) throw invalid('news', 'NEWS_AMBIGUOUS', 'either newsId (link) or news (create)')
  if (newsId) {
    // Foreign, hidden from a store owner, or of another franchise: NEWS_NOT_FOUND (404).
    const { row } = await loadNews(db, tenant, newsId)
    if (row.franchiseId !== franchiseId) throw newsNotFound()
    const targeted = filters.storeIds ?? []
    if (row.storeIds.length && (!targeted.length || targeted.some((s) => !row.storeIds.includes(s))))
      throw invalid(
        'newsId',
        'NEWS_OTHER_STORES',
        'the news is not shown in every store the campaign targets',
      )
    return { kind: 'link', id: row.id }
  }
  if (!news) {
    if (currentNewsId) return { kind: 'keep' }
    throw invalid('news', 'NEWS_REQUIRED', 'a NEWS campaign links a news item (newsId) or creates one (news)')
  }
  const own = input.isNewsDifferentFromCampaign ?? false
  const n = input.communicationCampaign.notification
  if (own && !news.title)
    throw invalid(
      'news.title',
      'NEWS_TITLE_REQUIRED',
      'a news written apart from the campaign needs its title',
    )
  const created: NewsInput = {
    // Taken from the campaign: its title (else its name) and message, cut to a news item's lengths.
    name: own ? news.title! : (n.title.trim() || input.communicationCampaign.name).slice(0, NAME_MAX),
    type: 'news',
    description: own ? (news.message ?? '') : n.message.slice(0, DESCRIPTION_MAX),
    startDate: news.startDate,
    endDate: news.endDate,
    storeIds: filters.storeIds ?? [],
  }
  const bad = newsInputError(created)
  if (bad) {
    const field = FIELD_OF[bad.field] ?? 'news'
    throw invalid(field, 'NEWS_NOT_VALID', bad.message)
  }
  return { kind: 'create', input: created, own }
}

/** The campaign's news columns after `plan` (creating the news in `tx`); undefined: unchanged. */
export async function applyNews(
  tx: Tx,
  tenant: Tenant,
  franchiseId: string,
  plan: NewsPlan,
  now: Date,
): Promise<{ newsId: string | null; isNewsDifferent: boolean } | undefined> {
  switch (plan.kind) {
    case 'keep':
      return undefined
    case 'none':
      return { newsId: null, isNewsDifferent: false }
    case 'link':
      return { newsId: plan.id, isNewsDifferent: true }
    case 'create': {
      const item = await insertNews(tx, tenant, franchiseId, plan.input, now)
      return { newsId: item.id, isNewsDifferent: plan.own }
    }
  }
}
