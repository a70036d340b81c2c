// The dashboard's getting-started checklist (issue 34 item 4) in each state of its machine, built with
// `resolveState`: a merchant with nothing yet, just after the first store, one step left, asking the
// server again, and a failed load with its retry. (Loading, done and hidden show nothing.)
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type OnboardingContext, onboardingMachine } from '../../machines/onboarding/onboarding.machine'
import { toOnboardingView } from '../../machines/onboarding/onboarding.view'
import type { OnboardingStatus } from '../../src/domain/onboarding'
import { GettingStarted } from '../../src/features/analytics/GettingStarted'
import { Button } from '../../src/ui/Button'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222221'

const status = (steps: OnboardingStatus['steps'], franchiseId: string | null = FID): OnboardingStatus => ({
  franchiseId,
  steps,
  posterStoreId: steps.poster ? STORE : null,
})

function at(value: string, over: Partial<OnboardingContext> = {}) {
  const context: OnboardingContext = {
    franchiseId: FID,
    wasHidden: false,
    status: null,
    error: null,
    ...over,
  }
  return toOnboardingView(onboardingMachine.resolveState({ value, context }))
}

/** The sale area's dialog button stands in as a plain button: a story needs no network. */
const SaleButton = ({ label }: { label: string; onClosed: () => void }) => <Button size="sm">{label}</Button>

const meta = {
  title: 'Analytics/Getting started',
  component: GettingStarted,
  args: {
    view: at('showing', { status: status({ store: true, card: false, poster: true, sale: false }) }),
    send: () => {},
    canCreateSale: true,
    firstSale: SaleButton,
  },
} satisfies Meta<typeof GettingStarted>

export default meta
type Story = StoryObj<typeof meta>

/** Just after the first store (which came with its tag): the card is next. */
export const AfterFirstStore: Story = {}

/** A merchant who signed up and has no store (nor franchise) yet. */
export const NothingYet: Story = {
  args: {
    view: at('showing', {
      franchiseId: null,
      status: status({ store: false, card: false, poster: false, sale: false }, null),
    }),
  },
}

/** Only the first sale is left, on a card that does not take an amount: recorded on a client's page. */
export const SaleLeft: Story = {
  args: {
    view: at('showing', { status: status({ store: true, card: true, poster: true, sale: false }) }),
    canCreateSale: false,
  },
}

/** The sale dialog closed: the server is asked again, the list stays meanwhile. */
export const Refreshing: Story = {
  args: {
    view: at('refreshing', { status: status({ store: true, card: true, poster: true, sale: false }) }),
  },
}

/** The server did not answer: the failure and its retry. */
export const Failed: Story = {
  args: { view: at('failed', { error: 'analytics.onboarding.errors.load' }) },
}
