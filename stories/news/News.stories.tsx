import type { Meta, StoryObj } from '@storybook/react-vite'
import { type NewsListContext, newsListMachine } from '../../machines/news-list/news-list.machine'
import { toNewsListView } from '../../machines/news-list/news-list.view'
import { DEFAULT_NEWS_QUERY } from '../../machines/news-list/query'
import { NewsPage } from '../../src/features/news/NewsPage'
import { CONFLICTS, FID, ROWS, STORES } from './fixtures'

type Dialog = 'closed' | 'confirming' | 'acting'
function at(
  list: 'loading' | 'ready' | 'failed',
  over: Partial<NewsListContext> = {},
  dialog: Dialog = 'closed',
) {
  const context: NewsListContext = {
    query: DEFAULT_NEWS_QUERY,
    searchInput: '',
    requestId: 1,
    franchiseId: FID,
    today: '2026-11-25',
    stores: STORES,
    isStoreOwner: false,
    rows: ROWS,
    total: ROWS.length,
    maxConcurrent: 3,
    error: null,
    target: null,
    action: null,
    conflicts: [],
    ...over,
  }
  return toNewsListView(newsListMachine.resolveState({ value: { list, dialog }, context }))
}

const meta = {
  title: 'Pages/News',
  component: NewsPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {}, currency: 'EUR' },
} satisfies Meta<typeof NewsPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const Empty: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }
export const NoResult: Story = {
  args: { view: at('ready', { rows: [], total: 0, query: { ...DEFAULT_NEWS_QUERY, status: 'expired' } }) },
}
export const Failed: Story = {
  args: { view: at('failed', { rows: [], total: 0, error: 'news.errors.load' }) },
}
export const StoreOwnerWithoutStores: Story = {
  args: {
    view: at('ready', { isStoreOwner: true, stores: [], rows: ROWS.map((r) => ({ ...r, canEdit: false })) }),
  },
}
export const ConfirmStop: Story = {
  args: { view: at('ready', { target: ROWS[0]!, action: 'stop' }, 'confirming') },
}
export const Stopping: Story = { args: { view: at('ready', { target: ROWS[0]!, action: 'stop' }, 'acting') } }
export const RestartRefused: Story = {
  args: { view: at('ready', { target: ROWS[3]!, action: 'restart', conflicts: CONFLICTS }, 'confirming') },
}
export const ConfirmDelete: Story = {
  args: { view: at('ready', { target: ROWS[1]!, action: 'delete' }, 'confirming') },
}
