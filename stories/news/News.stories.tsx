import type { Meta, StoryObj } from '@storybook/react-vite'
import { type NewsActionsContext, newsActionsMachine } from '../../machines/news-list/news-actions.machine'
import { toNewsActionsView } from '../../machines/news-list/news-actions.view'
import {
  type NewsListContext,
  newsListMachine,
  toNewsListView,
} from '../../machines/news-list/news-list.list'
import { DEFAULT_NEWS_QUERY } from '../../machines/news-list/query'
import { NewsPage } from '../../src/features/news/NewsPage'
import { CONFLICTS, FID, ROWS, STORES } from './fixtures'

type Dialog = 'closed' | 'confirming' | 'acting'
function at(
  list: 'loading' | 'ready' | 'failed',
  over: Partial<NewsListContext> = {},
  dialog: Dialog = 'closed',
  dialogOver: Partial<NewsActionsContext> = {},
) {
  const context: NewsListContext = {
    query: DEFAULT_NEWS_QUERY,
    searchInput: '',
    requestId: 1,
    params: { franchiseId: FID },
    rows: ROWS,
    total: ROWS.length,
    extra: { maxConcurrent: 3, today: '2026-11-25' },
    error: null,
    errorStatus: null,
    ...over,
  }
  const dialogs: NewsActionsContext = {
    franchiseId: FID,
    today: '2026-11-25',
    stores: STORES,
    isStoreOwner: false,
    maxConcurrent: 3,
    target: null,
    action: null,
    conflicts: [],
    ...dialogOver,
  }
  return {
    ...toNewsListView(newsListMachine.resolveState({ value: { list, search: 'idle' }, context })),
    ...toNewsActionsView(newsActionsMachine.resolveState({ value: dialog, context: dialogs })),
  }
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
    view: at('ready', { rows: ROWS.map((r) => ({ ...r, canEdit: false })) }, 'closed', {
      isStoreOwner: true,
      stores: [],
    }),
  },
}
export const ConfirmStop: Story = {
  args: { view: at('ready', {}, 'confirming', { target: ROWS[0]!, action: 'stop' }) },
}
export const Stopping: Story = {
  args: { view: at('ready', {}, 'acting', { target: ROWS[0]!, action: 'stop' }) },
}
export const RestartRefused: Story = {
  args: {
    view: at('ready', {}, 'confirming', { target: ROWS[3]!, action: 'restart', conflicts: CONFLICTS }),
  },
}
export const ConfirmDelete: Story = {
  args: { view: at('ready', {}, 'confirming', { target: ROWS[1]!, action: 'delete' }) },
}
