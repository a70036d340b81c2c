// A news item's status as a badge tone: the news list and a campaign's detail show it alike.
import type { NewsStatus } from '../domain/news'
import type { BadgeTone } from './Badge'

export const NEWS_STATUS_TONE: Record<NewsStatus, BadgeTone> = {
  published: 'success',
  premium: 'accent',
  annual: 'info',
  upcoming: 'warning',
  expired: 'neutral',
  unpublished: 'danger',
}
