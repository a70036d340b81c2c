import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  type SatisfactionContext,
  satisfactionMachine,
} from '../../machines/satisfaction/satisfaction.machine'
import { toSatisfactionView } from '../../machines/satisfaction/satisfaction.view'
import { SatisfactionPage } from '../../src/features/opinions/SatisfactionPage'
import {
  DEMO_SATISFACTION,
  NO_OPINION,
  opinions,
  STORE_A,
  STORE_B,
  satisfactionOf,
} from '../../tests/support/opinions-fixtures'

function at(value: 'loading' | 'ready' | 'failed', over: Partial<SatisfactionContext> = {}) {
  const context: SatisfactionContext = { storeId: null, summary: null, error: null, ...over }
  return toSatisfactionView(satisfactionMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Opinions/Satisfaction',
  component: SatisfactionPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready', { summary: DEMO_SATISFACTION }), send: () => {} },
} satisfies Meta<typeof SatisfactionPage>

export default meta
type Story = StoryObj<typeof meta>

/** Each store's average and distribution, the total over the stores, the latest opinions. */
export const Ready: Story = {}

/** The first answer is on its way. */
export const Loading: Story = { args: { view: at('loading') } }

/** The latest opinions narrowed to one store, on their way: the averages stay, dimmed. */
export const FilteringByStore: Story = {
  args: { view: at('loading', { storeId: STORE_B, summary: DEMO_SATISFACTION }) },
}

/** One store only: no total card, no store filter. */
export const OneStore: Story = {
  args: { view: at('ready', { summary: satisfactionOf({ [STORE_A]: opinions(4) }) }) },
}

/** Stores, but not a single opinion yet. */
export const NoOpinionYet: Story = { args: { view: at('ready', { summary: NO_OPINION }) } }

/** A merchant without a store. */
export const NoStore: Story = {
  args: { view: at('ready', { summary: { ...NO_OPINION, stores: [] } }) },
}

/** The load failed: the message and a retry. */
export const Failed: Story = { args: { view: at('failed', { error: 'pages.satisfaction.errors.load' }) } }
