// A NEWS campaign's news in the editor (SPEC §3 Campaign newsId, news, isNewsDifferentFromCampaign;
// issue 19): an existing news item picked from the franchise's, or one created from the campaign when
// saved (its period, and its own title and message when written apart). A NEWS campaign always has its
// news item: there is no "none". Pure: the draft's part, its rules and what the save call sends.
import { isIsoDay } from './analytics'
import type { Campaign, CampaignInput } from './campaign-contract'
import { addDays, DESCRIPTION_MAX, NAME_MAX, type NewsItem } from './news'

export const NEWS_MODES = ['create', 'link'] as const
export type NewsMode = (typeof NEWS_MODES)[number]

export type NewsForm = {
  mode: NewsMode
  /** The linked item (mode link). */
  newsId: string
  /** The created item has its own title and message (§3 isNewsDifferentFromCampaign). */
  ownText: boolean
  title: string
  message: string
  startDate: string
  endDate: string
}
export type NewsField = Exclude<keyof NewsForm, 'ownText'> | 'ownText'

/** No period yet: `newNews(today)` gives one, as the editor does when it loads. */
export const EMPTY_NEWS: NewsForm = {
  mode: 'create',
  newsId: '',
  ownText: false,
  title: '',
  message: '',
  startDate: '',
  endDate: '',
}

/** A new item runs a week from the franchise's `today` unless the merchant says otherwise. */
export const NEWS_DEFAULT_DAYS = 7

/** A news item to create, running NEWS_DEFAULT_DAYS from `today`: valid as it comes. */
export const newNews = (today: string): NewsForm => ({
  ...EMPTY_NEWS,
  startDate: today,
  endDate: addDays(today, NEWS_DEFAULT_DAYS - 1),
})

/** The form after setting `field` to `value` (texts cut to a news item's lengths); same object if unchanged. */
export function editNews(n: NewsForm, field: string, value: string, today: string): NewsForm {
  switch (field) {
    case 'mode': {
      if (!(NEWS_MODES as readonly string[]).includes(value)) return n
      const mode = value as NewsMode
      // Choosing to create fills a period from today, so the step is valid as it comes.
      if (mode === 'create' && !n.startDate) {
        const { startDate, endDate } = newNews(today)
        return { ...n, mode, startDate, endDate }
      }
      return { ...n, mode }
    }
    case 'ownText':
      return { ...n, ownText: value === 'true' }
    case 'title':
      return { ...n, title: value.slice(0, NAME_MAX) }
    case 'message':
      return { ...n, message: value.slice(0, DESCRIPTION_MAX) }
    case 'newsId':
    case 'startDate':
    case 'endDate':
      return { ...n, [field]: value.slice(0, 40) }
    default:
      return n
  }
}

/** The news part's errors (message-id suffixes), keyed like the content step's other fields. */
export function newsErrors(n: NewsForm): Record<string, string> {
  const errors: Record<string, string> = {}
  if (n.mode === 'link' && !n.newsId) errors.newsId = 'required'
  if (n.mode !== 'create') return errors
  if (!isIsoDay(n.startDate)) errors.newsStartDate = 'invalidDate'
  if (!isIsoDay(n.endDate)) errors.newsEndDate = 'invalidDate'
  else if (!errors.newsStartDate && n.endDate < n.startDate) errors.newsEndDate = 'endBeforeStart'
  if (n.ownText && n.title.trim() === '') errors.newsTitle = 'required'
  return errors
}

/** The save call's news fields: a NEWS campaign links or creates its item (others send none). */
export function newsInputOf(
  content: CampaignInput['content'],
  n: NewsForm,
): Pick<CampaignInput, 'newsId' | 'news' | 'isNewsDifferentFromCampaign'> {
  if (content !== 'NEWS') return { newsId: null }
  if (n.mode === 'link') return { newsId: n.newsId }
  return {
    newsId: null,
    isNewsDifferentFromCampaign: n.ownText,
    news: {
      startDate: n.startDate,
      endDate: n.endDate,
      ...(n.ownText ? { title: n.title.trim(), message: n.message } : {}),
    },
  }
}

/**
 * An edited campaign's news: its item, linked again when saved (§3 newsId); without one (a coupon
 * campaign, or one made before the rule), an item to create from `today` should it become NEWS.
 */
export const newsFormOf = (c: Campaign, today: string): NewsForm =>
  c.newsId ? { ...EMPTY_NEWS, mode: 'link', newsId: c.newsId } : newNews(today)

/** A news item as the picker lists it. */
export type NewsChoice = Pick<NewsItem, 'id' | 'name' | 'startDate' | 'endDate' | 'storeIds' | 'status'>

/**
 * The items a campaign aimed at `storeIds` (empty: the franchise) may link, as the server's rule: a
 * franchise-wide item, or one shown in every store the campaign targets; not ended nor stopped. The
 * campaign's own item stays listed whatever its state.
 */
export function linkableNews(list: readonly NewsChoice[], storeIds: readonly string[], keep = '') {
  return list.filter(
    (n) =>
      n.id === keep ||
      (n.status !== 'expired' &&
        n.status !== 'unpublished' &&
        (n.storeIds.length === 0 || (storeIds.length > 0 && storeIds.every((s) => n.storeIds.includes(s))))),
  )
}
