import type { Meta, StoryObj } from '@storybook/react-vite'
import { DEFAULT_PREFERENCES } from '../../machines/preferences/preferences'
import { type ProfileContext, profileMachine } from '../../machines/profile/profile.machine'
import { toProfileView } from '../../machines/profile/profile.view'
import type { UserInfo } from '../../src/domain/auth'
import { ProfilePage } from '../../src/features/profile/ProfilePage'

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
type Sub = 'loading' | 'failed' | 'ready' | 'openingPayment'
function at(info: Info, subscription: Sub, over: Partial<ProfileContext> = {}) {
  const context: ProfileContext = {
    userId: INFO.id,
    info: info === 'loading' || info === 'failed' ? null : INFO,
    displayName: INFO.displayName,
    nameError: null,
    loadError: info === 'failed' ? 'profile.errors.load' : null,
    uploadError: null,
    subscription: { status: 'active', isSubscribedRetailer: true, since: '2026-03-01T10:00:00.000Z' },
    startPage: null,
    ...over,
  }
  return toProfileView(profileMachine.resolveState({ value: { info, subscription }, context }))
}

const meta = {
  title: 'Pages/Profile',
  component: ProfilePage,
  parameters: { layout: 'padded' },
  args: {
    view: at('ready', 'ready'),
    send: () => {},
    preferences: { ...DEFAULT_PREFERENCES, language: 'en' },
    onPreferences: () => {},
  },
} satisfies Meta<typeof ProfilePage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', 'loading') } }
export const Failed: Story = { args: { view: at('failed', 'failed') } }
export const Editing: Story = { args: { view: at('ready', 'ready', { displayName: 'Camille D.' }) } }
export const NameRequired: Story = {
  args: { view: at('ready', 'ready', { displayName: '', nameError: 'profile.errors.nameRequired' }) },
}
export const Uploading: Story = { args: { view: at('uploading', 'ready') } }
export const NotSubscribed: Story = {
  args: { view: at('ready', 'ready', { subscription: { status: 'inactive', isSubscribedRetailer: false } }) },
}
export const OpeningPayment: Story = {
  args: {
    view: at('ready', 'openingPayment', {
      subscription: { status: 'inactive', isSubscribedRetailer: false },
    }),
  },
}
