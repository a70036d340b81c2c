// Points expiry (issue 23): the client detail's panel and the franchise page's section, one story per
// state, each driven by its machine with actors that answer at once (or never, or fail): no network.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { fromPromise } from 'xstate'
import { clientExpiryMachine } from '../../machines/client-expiry/client-expiry.machine'
import { expirySettingsMachine } from '../../machines/expiry-settings/expiry-settings.machine'
import type { ClientExpiryResponse, ExpiryPreview, ExpirySettingsResponse } from '../../src/domain/expiry'
import { ClientExpirySection } from '../../src/features/clients/ClientExpirySection'
import { FranchiseExpiry } from '../../src/features/franchise/FranchiseExpiry'
import { ProvidedMachines } from '../../src/ui/machines/provided'

const FID = '11111111-1111-4111-8111-111111111111'
const CID = '22222222-2222-4222-8222-222222222222'
type Answer<T> = T | 'fail' | 'never'
const answer = <T,>(a: Answer<T>) =>
  fromPromise<T>(() =>
    a === 'never'
      ? new Promise<T>(() => {})
      : a === 'fail'
        ? Promise.reject(new Error('down'))
        : Promise.resolve(a),
  )

function Panel({ expiry }: { expiry: Answer<ClientExpiryResponse> }) {
  const machine = clientExpiryMachine.provide({ actors: { loadExpiry: answer(expiry) as never } })
  return (
    <ProvidedMachines machines={[machine]}>
      <ClientExpirySection franchiseId={FID} clientId={CID} />
    </ProvidedMachines>
  )
}

/** What the next run does (issue 34): tonight 02:00 in Paris, 12 clients reminded, 3 expiring. */
const PREVIEW: ExpiryPreview = {
  timezone: 'Europe/Paris',
  nextRunAt: '2026-12-09T01:00:00.000Z',
  nextRunDay: '2026-12-09',
  expiring: { clients: 3, points: 140 },
  reminding: 12,
  overdue: { clients: 3, points: 140, expiresOn: '2026-12-09' },
}

function Settings({
  settings,
  preview = PREVIEW,
}: {
  settings: Answer<ExpirySettingsResponse>
  preview?: Answer<ExpiryPreview>
}) {
  const expiry = expirySettingsMachine.provide({
    actors: {
      loadSettings: answer(settings) as never,
      saveSettings: answer(settings) as never,
      previewExpiry: answer(preview) as never,
    },
  })
  return (
    <ProvidedMachines machines={[expiry]}>
      <FranchiseExpiry franchiseId={FID} countryAlpha3="FRA" />
    </ProvidedMachines>
  )
}

const SAVED: ExpirySettingsResponse = {
  franchiseId: FID,
  mode: 'BATCH',
  months: 12,
  reminder: {
    enabled: true,
    channel: 'SMS',
    title: '',
    message: 'Vos points expirent dans 30 jours : passez nous voir !',
  },
  lastRunDay: '2026-11-25',
  canEdit: true,
}

const meta = {
  title: 'Clients/Points expiry',
  component: Panel,
  args: { expiry: 'never' },
} satisfies Meta<typeof Panel>
export default meta
type Story = StoryObj<typeof meta>

/** Loading (and expiry off): the panel shows nothing. */
export const PanelLoading: Story = {}
export const PanelBatches: Story = {
  args: {
    expiry: {
      mode: 'BATCH',
      months: 12,
      balance: 110,
      upcoming: [
        { points: 20, expiresOn: '2027-01-15' },
        { points: 50, expiresOn: '2027-03-10' },
        { points: 40, expiresOn: '2027-09-20' },
      ],
    },
  },
}
export const PanelInactivity: Story = {
  args: {
    expiry: {
      mode: 'INACTIVITY',
      months: 6,
      balance: 150,
      upcoming: [{ points: 150, expiresOn: '2027-04-10' }],
    },
  },
}
export const PanelNothingToExpire: Story = {
  args: { expiry: { mode: 'BATCH', months: 12, balance: 0, upcoming: [] } },
}
export const PanelFailed: Story = { args: { expiry: 'fail' } }

export const SettingsLoading: StoryObj<typeof Settings> = { render: () => <Settings settings="never" /> }
export const SettingsOff: StoryObj<typeof Settings> = {
  render: () => (
    <Settings settings={{ ...SAVED, mode: 'OFF', reminder: { ...SAVED.reminder, enabled: false } }} />
  ),
}
export const SettingsBatchWithReminder: StoryObj<typeof Settings> = {
  render: () => <Settings settings={SAVED} />,
}
export const SettingsPushReminder: StoryObj<typeof Settings> = {
  render: () => (
    <Settings
      settings={{
        ...SAVED,
        mode: 'INACTIVITY',
        reminder: { ...SAVED.reminder, channel: 'PUSH', title: 'Vos points' },
      }}
    />
  ),
}
export const SettingsReadOnly: StoryObj<typeof Settings> = {
  render: () => <Settings settings={{ ...SAVED, canEdit: false }} />,
}
export const SettingsFailed: StoryObj<typeof Settings> = { render: () => <Settings settings="fail" /> }
/** The figures of the next run could not be counted: a retry (a change of rule cannot be saved). */
export const SettingsPreviewFailed: StoryObj<typeof Settings> = {
  render: () => <Settings settings={SAVED} preview="fail" />,
}
