// Points expiry on screen (issue 23): the client detail's panel (what expires and when, nothing when
// off, a retry after a failure) and the franchise page's section (modes, the reminder's checks, the
// save; issue 34: what the next night run will do, and a change of rule confirmed with its figures),
// driven through their machines with fake back ends.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { clientExpiryMachine } from '../../machines/client-expiry/client-expiry.machine'
import {
  expirySettingsMachine,
  type PreviewExpiryInput,
  type SaveExpiryInput,
} from '../../machines/expiry-settings/expiry-settings.machine'
import type { ClientExpiryResponse, ExpiryPreview, ExpirySettingsResponse } from '../../src/domain/expiry'
import { ClientExpirySection } from '../../src/features/clients/ClientExpirySection'
import { FranchiseExpiry } from '../../src/features/franchise/FranchiseExpiry'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { renderUi } from './render'

const FID = '11111111-1111-4111-8111-111111111111'
const CID = '22222222-2222-4222-8222-222222222222'

function renderPanel(answers: (ClientExpiryResponse | Error)[], locale: 'en' | 'fr' = 'en') {
  const load = vi.fn(async () => {
    const a = answers.shift()!
    if (a instanceof Error) throw a
    return a
  })
  const machine = clientExpiryMachine.provide({ actors: { loadExpiry: fromPromise(load) } })
  const r = renderUi(
    <ProvidedMachines machines={[machine]}>
      <ClientExpirySection franchiseId={FID} clientId={CID} />
    </ProvidedMachines>,
    { locale },
  )
  return { ...r, load }
}

describe('client detail: points expiry panel', () => {
  it('lists what each batch will lose and when', async () => {
    renderPanel([
      {
        mode: 'BATCH',
        months: 12,
        balance: 110,
        upcoming: [
          { points: 20, expiresOn: '2028-01-15' },
          { points: 90, expiresOn: '2028-03-10' },
        ],
      },
    ])
    expect(await screen.findByRole('heading', { name: 'Points expiry' })).toBeTruthy()
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual(['20 points expire on 01/15/2028', '90 points expire on 03/10/2028'])
  })

  it('says the whole balance goes after inactivity, in French too', async () => {
    renderPanel(
      [{ mode: 'INACTIVITY', months: 3, balance: 150, upcoming: [{ points: 150, expiresOn: '2027-04-10' }] }],
      'fr',
    )
    expect(
      await screen.findByText('150 points expirent le 10/04/2027 si le client ne revient pas d’ici là.', {
        normalizer: (s) => s.replace(/'/g, '’'),
      }),
    ).toBeTruthy()
  })

  it('shows nothing while expiry is off, and offers a retry after a failure', async () => {
    const off = renderPanel([{ mode: 'OFF', months: 12, balance: 10, upcoming: [] }])
    await waitFor(() => expect(off.load).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('heading', { name: 'Points expiry' })).toBeNull()
    off.unmount()
    const failing = renderPanel([new Error('down'), { mode: 'BATCH', months: 12, balance: 0, upcoming: [] }])
    await failing.user.click(await screen.findByRole('button', { name: /retry/i }))
    expect(await screen.findByText('No points to expire.')).toBeTruthy()
    expect(failing.load).toHaveBeenCalledTimes(2)
  })
})

describe('franchise page: points expiry section', () => {
  const SAVED: ExpirySettingsResponse = {
    franchiseId: FID,
    mode: 'OFF',
    months: 12,
    reminder: { enabled: false, channel: 'SMS', title: '', message: '' },
    lastRunDay: null,
    canEdit: true,
  }
  // Tonight 02:00 in Paris; 66 clients past the delay: expired at once without the reminder, reminded
  // first and expired 30 days later with it.
  const preview = async ({ input }: { input: PreviewExpiryInput }): Promise<ExpiryPreview> => {
    const reminds = input.query.reminder !== 'NONE'
    return {
      timezone: 'Europe/Paris',
      nextRunAt: '2026-12-09T01:00:00.000Z',
      nextRunDay: '2026-12-09',
      expiring: reminds ? { clients: 0, points: 0 } : { clients: 66, points: 3404 },
      reminding: reminds ? 70 : 0,
      overdue: { clients: 66, points: 3404, expiresOn: reminds ? '2027-01-08' : '2026-12-09' },
    }
  }
  function renderSection(saved = SAVED, locale: 'en' | 'fr' = 'en') {
    const save = vi.fn(async ({ input }: { input: SaveExpiryInput }) => ({
      ...saved,
      mode: input.body.mode,
      months: input.body.months,
      reminder: input.body.reminder,
    }))
    const notices: string[] = []
    const expiry = expirySettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => saved),
        saveSettings: fromPromise(save),
        previewExpiry: fromPromise(preview),
      },
    })
    const effects: AppEffects = { ...browserEffects, notify: (_, id) => void notices.push(id) }
    const r = renderUi(
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={[expiry]}>
          <FranchiseExpiry franchiseId={FID} countryAlpha3="FRA" />
        </ProvidedMachines>
      </AppEffectsProvider>,
      { locale, timeZone: 'Europe/Paris' },
    )
    return { ...r, save, notices }
  }
  const figures = async (name: string) =>
    (await screen.findByRole('region', { name }, { timeout: 3000 })).textContent

  it('turns batches on with a reminder: checks the SMS text, then saves the whole setting', async () => {
    const { user, save, notices } = renderSection()
    await user.selectOptions(await screen.findByLabelText('Points expire'), 'BATCH')
    const months = screen.getByLabelText('Months')
    await user.clear(months)
    await user.type(months, '18')
    await user.click(screen.getByLabelText('Remind clients 30 days before their points expire'))
    const message = screen.getByRole('textbox', { name: /^Reminder message/ })
    expect(screen.getByText("Write the reminder's message.")).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
    await user.type(message, 'Vos points 🎁')
    expect(screen.getByText('An SMS cannot carry emoji.')).toBeTruthy()
    await user.clear(message)
    await user.type(message, 'Vos points expirent dans 30 jours')
    // Saving waits for the figures of the draft.
    await figures('What the next run will do')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    // A change of rule is confirmed first.
    expect(save).not.toHaveBeenCalled()
    await user.click(await screen.findByRole('button', { name: 'Save and apply' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save.mock.calls[0]![0].input).toEqual({
      franchiseId: FID,
      body: {
        mode: 'BATCH',
        months: 18,
        reminder: { enabled: true, channel: 'SMS', title: '', message: 'Vos points expirent dans 30 jours' },
      },
    })
    await waitFor(() => expect(notices).toContain('expiry.settings.saved'))
  })

  it('is read-only for a store owner', async () => {
    renderSection({ ...SAVED, mode: 'INACTIVITY', months: 6, canEdit: false })
    expect(((await screen.findByLabelText('Points expire')) as HTMLSelectElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('says what the first run will do before saving, and asks to confirm with those figures', async () => {
    const { user, save } = renderSection()
    await user.selectOptions(await screen.findByLabelText('Points expire'), 'INACTIVITY')
    expect(await figures('What the next run will do')).toBe(
      'Next run: 12/09/2026 02:00 AM.It will expire 3,404 points of 66 clients.',
    )
    await user.click(screen.getByLabelText('Remind clients 30 days before their points expire'))
    await user.type(screen.getByRole('textbox', { name: /^Reminder message/ }), 'Vos points expirent bientot')
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'What the next run will do' }).textContent).toContain(
        '66 clients are already past the delay, with 3,404 points: they get the reminder first and keep their points until 01/08/2027.',
      ),
    )
    expect(screen.getByRole('region', { name: 'What the next run will do' }).textContent).toContain(
      'It will expire no points.It will send the reminder to 70 clients.',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Apply this points expiry?' })
    expect(dialog.textContent).toContain(
      'The first run, 12/09/2026 02:00 AM, sends the reminder to 66 clients already past the delay; their 3,404 points expire on 01/08/2027.',
    )
    // Cancelled: nothing saved, the draft stays.
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(save).not.toHaveBeenCalled()
    expect((screen.getByLabelText('Points expire') as HTMLSelectElement).value).toBe('INACTIVITY')
  })

  it('in French: the figures and the confirmation without the reminder', async () => {
    const { user, save } = renderSection(SAVED, 'fr')
    await user.selectOptions(await screen.findByLabelText('Les points expirent'), 'INACTIVITY')
    expect(await figures('Ce que fera le prochain passage')).toBe(
      'Prochain passage : 09/12/2026 02:00.Il fera expirer 3\u202f404 points de 66 clients.',
    )
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Appliquer cette expiration des points ?' })
    expect(dialog.textContent).toContain(
      'Le premier passage, 09/12/2026 02:00, fera expirer 3\u202f404 points de 66 clients.',
    )
    await user.click(screen.getByRole('button', { name: 'Enregistrer et appliquer' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
  })
})
