import type { Meta, StoryObj } from '@storybook/react-vite'
import type { StateValue } from 'xstate'
import {
  type FranchiseSettingsContext,
  franchiseSettingsMachine,
} from '../../machines/franchise-settings/franchise-settings.machine'
import { toFranchiseSettingsView } from '../../machines/franchise-settings/franchise-settings.view'
import { infoDraftOf, rulesDraftOf } from '../../src/domain/franchise-settings'
import { FranchisePage } from '../../src/features/franchise/FranchisePage'
import { FID, FRANCHISE } from '../../tests/support/franchise-fixtures'

const F = { ...FRANCHISE, senderId: 'Dupont75', description: 'Boulangeries artisanales depuis 1952.' }

function at(value: StateValue, over: Partial<FranchiseSettingsContext> = {}) {
  const loaded = value !== 'loading' && value !== 'failed'
  const context: FranchiseSettingsContext = {
    franchiseId: FID,
    franchise: loaded ? F : null,
    loadError: null,
    info: infoDraftOf(F),
    rules: rulesDraftOf(F),
    theme: { ...F.theme },
    qualification: { value: '3', unit: 'months' },
    averageBasket: '12.50',
    senderId: 'Dupont75',
    senderCode: null,
    senderChecked: 'Dupont75',
    dialogError: null,
    ...over,
  }
  return toFranchiseSettingsView(franchiseSettingsMachine.resolveState({ value, context }))
}

const meta = {
  title: 'Pages/Franchise',
  component: FranchisePage,
  parameters: { layout: 'padded' },
  args: { view: at({ ready: 'idle' }), send: () => {} },
} satisfies Meta<typeof FranchisePage>

export default meta
type Story = StoryObj<typeof meta>

/** The franchise as saved. */
export const Ready: Story = {}

export const Loading: Story = { args: { view: at('loading') } }

/** §8 'franchise-not-found'. */
export const NotFound: Story = { args: { view: at('failed', { loadError: 'franchise.errors.notFound' }) } }

/** Any other load failure, with a retry. */
export const LoadError: Story = { args: { view: at('failed', { loadError: 'franchise.errors.load' }) } }

/** New colours typed: the sample card shows them; save and cancel are offered. */
export const ThemePreview: Story = {
  args: {
    view: at(
      { ready: 'idle' },
      { theme: { primaryColor: '#0f766e', secondaryColor: '#be123c', tertiaryColor: '#f0fdfa' } },
    ),
  },
}

export const SavingTheme: Story = {
  args: {
    view: at(
      { ready: 'savingTheme' },
      { theme: { primaryColor: '#0f766e', secondaryColor: '#be123c', tertiaryColor: '#f0fdfa' } },
    ),
  },
}

/** Field errors: no name, a cap without a value. */
export const InvalidFields: Story = {
  args: {
    view: at(
      { ready: 'idle' },
      {
        info: { ...infoDraftOf(F), name: '' },
        rules: { ...rulesDraftOf(F), tagScanMinutes: '-5', maxPoints: '', hasMaxPointsEnabled: true },
      },
    ),
  },
}

export const UploadingLogo: Story = { args: { view: at({ ready: 'uploadingLogo' }) } }

/** A store owner: everything read-only. */
export const ReadOnly: Story = {
  args: { view: at({ ready: 'idle' }, { franchise: { ...F, canEdit: false } }) },
}

export const QualificationDialog: Story = {
  args: {
    view: at({ ready: { qualification: 'editing' } }, { qualification: { value: '30', unit: 'months' } }),
  },
}

export const AverageBasketDialog: Story = {
  args: { view: at({ ready: { averageBasket: 'editing' } }, { averageBasket: '14,90' }) },
}

/** The domain rules refuse the name while it is typed. */
export const SenderIdInvalid: Story = {
  args: {
    view: at(
      { ready: { senderId: 'editing' } },
      { senderId: 'Du pont', senderCode: 'SENDER_ID_CONTAINS_SPACES', senderChecked: null },
    ),
  },
}

/** Locally valid: the server is asked. */
export const SenderIdChecking: Story = {
  args: { view: at({ ready: { senderId: 'checking' } }, { senderId: 'Dupont', senderChecked: null }) },
}

/** The server refused the save: its code shown as a message. */
export const SenderIdSaveRefused: Story = {
  args: {
    view: at(
      { ready: { senderId: 'editing' } },
      {
        senderId: 'Samu',
        dialogError: 'franchise.senderId.codes.notAllowed',
        senderChecked: null,
      },
    ),
  },
}
