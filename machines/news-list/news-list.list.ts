// The news list (issue 19, /pages/news): the franchise's news and happy hours with their displayed
// status. One list of machines/paged-list: the query (status, page, size) lives in the address, no
// search box. Every answer brings the §5 limit of offers running at once and the franchise's local day
// (a new item starts on it), which the create/edit dialog (news-actions) takes.
import type { SnapshotFrom } from 'xstate'
import { NEWS_PAGE_SIZES, type NewsPage } from '../../src/domain/news'
import {
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listNews } from './news-list.actors'
import { type NewsListQuery, parseNewsQuery, serializeNewsQuery } from './query'

export type NewsListParams = { franchiseId: string }
export type NewsListInput = ListInput<NewsListParams>
export type ListNewsInput = LoadPageInput<NewsListQuery, NewsListParams>
export type ListNewsOutput = ListAnswer<NewsPage>
export type NewsListEvent = ListEvent<NewsListQuery>
/** From the latest answer: the §5 limit, and the franchise's local day (none before an answer). */
export type NewsListed = { maxConcurrent: number; today: string | null }

const isNewsFiltered = (q: NewsListQuery) => q.status !== null

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const newsList: ListDefinition<NewsListQuery, NewsPage, NewsListed> = {
  id: 'newsList',
  parse: parseNewsQuery,
  serialize: serializeNewsQuery,
  pageSizes: NEWS_PAGE_SIZES,
  isFiltered: isNewsFiltered,
  extra: {
    initial: { maxConcurrent: 0, today: null },
    of: (page) => ({ maxConcurrent: page.maxConcurrent, today: page.today }),
  },
  errorKey: 'news.errors.load',
}
export const newsListMachine = createListMachine<NewsListQuery, NewsPage, NewsListParams, NewsListed>(
  newsList,
  listNews,
)
export type NewsListContext = SnapshotFrom<typeof newsListMachine>['context']

/** What the news page renders of its list. */
export function toNewsListView(s: SnapshotFrom<typeof newsListMachine>) {
  const view = toListView(s, isNewsFiltered)
  return { ...view, maxConcurrent: view.extra.maxConcurrent, listed: view.extra }
}
export type NewsListView = ReturnType<typeof toNewsListView>
