import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type StoreOpinionsContext,
  storeOpinionsMachine,
} from '../../machines/store-opinions/store-opinions.machine'
import { toStoreOpinionsView } from '../../machines/store-opinions/store-opinions.view'
import { StoreOpinionsPage } from '../../src/features/opinions/StoreOpinionsPage'
import { opinions, STORE_A, STORE_NAMES } from '../../tests/support/opinions-fixtures'

const ALL = opinions(14)

function at(
  list: 'loading' | 'ready' | 'failed',
  over: Partial<StoreOpinionsContext> = {},
  reply: 'closed' | 'editing' | 'saving' = 'closed',
) {
  const context: StoreOpinionsContext = {
    storeId: STORE_A,
    page: 1,
    size: 10,
    rating: null,
    rows: ALL.slice(0, 10),
    total: ALL.length,
    error: null,
    reply: null,
    ...over,
  }
  return toStoreOpinionsView(storeOpinionsMachine.resolveState({ value: { list, reply }, context }))
}

const draft = (text: string, error: string | null = null) => ({ opinionId: ALL[1]!.id, text, error })

const meta = {
  title: 'Pages/Opinions/Store opinions',
  component: StoreOpinionsPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {}, storeName: STORE_NAMES[STORE_A]! },
} satisfies Meta<typeof StoreOpinionsPage>

export default meta
type Story = StoryObj<typeof meta>

/** Newest first, ten a page; answered opinions show the reply and an "edit the reply" button. */
export const Ready: Story = {}

/** The first page is on its way. */
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }

/** Another page or rating on its way: the rows stay, dimmed. */
export const Refreshing: Story = { args: { view: at('loading', { page: 2 }) } }

/** Filtered to one star. */
export const OneStar: Story = {
  args: {
    view: at('ready', { rating: 1, rows: ALL.filter((o) => o.rating === 1), total: 3 }),
  },
}

/** Not a single opinion yet. */
export const NoOpinionYet: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }

/** None with this rating: a way back to all ratings. */
export const NoResult: Story = { args: { view: at('ready', { rows: [], total: 0, rating: 2 }) } }

/** The load failed: the message and a retry. */
export const Failed: Story = {
  args: { view: at('failed', { rows: [], total: 0, error: 'pages.storeOpinions.errors.load' }) },
}

/** The reply dialog, being written. */
export const Replying: Story = {
  args: { view: at('ready', { reply: draft('Merci pour votre retour, à très bientôt !') }, 'editing') },
}

/** The reply is being published: the dialog cannot be dismissed. */
export const Saving: Story = {
  args: { view: at('ready', { reply: draft('Merci pour votre retour !') }, 'saving') },
}

/** Publishing failed: the text is kept, with the generic error. */
export const ReplyFailed: Story = {
  args: { view: at('ready', { reply: draft('Merci pour votre retour !', 'errors.generic') }, 'editing') },
}

/** Too long a reply: said at once, publishing disabled. */
export const ReplyTooLong: Story = {
  args: { view: at('ready', { reply: draft('Merci ! '.repeat(140)) }, 'editing') },
}
