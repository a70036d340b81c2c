import type { Meta, StoryObj } from '@storybook/react-vite'
import { DEFAULT_PREFERENCES } from '../../machines/preferences/preferences'
import { type ProfileContext, profileMachine } from '../../machines/profile/profile.machine'
import { toProfileView } from '../../machines/profile/profile.view'
import { subscriptionMachine } from '../../machines/subscription/subscription.machine'
import { toSubscriptionView } from '../../machines/subscription/subscription.view'
import type { UserInfo } from '../../src/domain/auth'
import type { SubscriptionDetail } from '../../src/domain/subscription'
import { ProfilePage } from '../../src/features/profile/ProfilePage'
import { SubscriptionCard } from '../../src/features/profile/SubscriptionCard'

const INFO: UserInfo = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'camille@maison-dupont.test',
  role: 'FRANCHISE_OWNER',
  displayName: 'Camille Dupont',
  photoURL: null,
  hasAcceptedCGV: true,
  isSubscribedRetailer: true,
  isSuperAdmin: false,
  stripeId: null,
  data: { displayName: 'Camille Dupont', photoURL: null, email: 'camille@maison-dupont.test', settings: {} },
}

type Info = 'loading' | 'failed' | 'ready' | 'saving' | 'uploading' | 'removingPhoto'
function at(info: Info, over: Partial<ProfileContext> = {}) {
  const context: ProfileContext = {
    userId: INFO.id,
    info: info === 'loading' || info === 'failed' ? null : INFO,
    displayName: INFO.displayName,
    nameError: null,
    loadError: info === 'failed' ? 'profile.errors.load' : null,
    uploadError: null,
    startPage: null,
    ...over,
  }
  return toProfileView(profileMachine.resolveState({ value: info, context }))
}

const ACTIVE: SubscriptionDetail = {
  status: 'active',
  isSubscribedRetailer: true,
  since: '2026-03-01T10:00:00.000Z',
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-01T10:00:00.000Z',
  invoices: [],
}
const NONE: SubscriptionDetail = {
  ...ACTIVE,
  status: 'inactive',
  isSubscribedRetailer: false,
  since: null,
  plan: null,
  currentPeriodEnd: null,
}
/** The subscription card (its own machine) in one of its states. */
function card(
  value: 'loading' | 'failed' | 'ready' | 'openingPayment',
  subscription: SubscriptionDetail = ACTIVE,
) {
  const view = toSubscriptionView(
    subscriptionMachine.resolveState({
      value,
      context: {
        userId: INFO.id,
        subscription: value === 'loading' || value === 'failed' ? null : subscription,
        error: value === 'failed' ? 'subscription.errors.load' : null,
      },
    }),
  )
  return <SubscriptionCard view={view} send={() => {}} />
}

const meta = {
  title: 'Pages/Profile',
  component: ProfilePage,
  parameters: { layout: 'padded' },
  args: {
    view: at('ready'),
    send: () => {},
    subscription: card('ready'),
    preferences: { ...DEFAULT_PREFERENCES, language: 'en' },
    onPreferences: () => {},
  },
} satisfies Meta<typeof ProfilePage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading'), subscription: card('loading') } }
export const Failed: Story = { args: { view: at('failed'), subscription: card('failed') } }
export const Editing: Story = { args: { view: at('ready', { displayName: 'Camille D.' }) } }
export const NameRequired: Story = {
  args: { view: at('ready', { displayName: '', nameError: 'profile.errors.nameRequired' }) },
}
export const Saving: Story = { args: { view: at('saving', { displayName: 'Camille D.' }) } }
export const Uploading: Story = { args: { view: at('uploading') } }
export const RemovingPhoto: Story = { args: { view: at('removingPhoto') } }
export const NotSubscribed: Story = { args: { subscription: card('ready', NONE) } }
export const OpeningPayment: Story = { args: { subscription: card('openingPayment', NONE) } }
