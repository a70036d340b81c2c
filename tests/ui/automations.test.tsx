// The automated-marketing pages (issue 20) in the signed-in app: real session, shell, list and editor
// machines with their own actors; the back end is faked at the fetch boundary (an in-memory franchise
// with its three automations), so the requests the pages make are the ones checked.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Automation, AutomationInput } from '../../src/domain/automations'
import {
  automation,
  BIRTHDAY_ON,
  FRANCHISE as FID,
  AUTOMATION_IDS as ids,
  USER as UID,
} from '../support/automation-screens'
import { type Call, fakeFetch } from '../support/fetch-fake'
import { renderShell } from './shell-support'

/** The franchise's automations behind fetch; `fail` answers a path with a 500 while it matches. */
function fakeBackend() {
  const rows = [BIRTHDAY_ON, automation('LOST_CUSTOMER'), automation('NEW_CUSTOMER')]
  const backend = { rows, calls: [] as Call[], fail: null as RegExp | null }
  const revenue = (of: (a: Automation) => number) => ({
    revenue: rows.reduce((s, a) => s + of(a), 0),
    byType: Object.fromEntries(rows.map((a) => [a.type, of(a)])),
  })
  backend.calls = fakeFetch(({ method, path, body }) => {
    if (backend.fail?.test(path)) return [500, { code: 'INTERNAL', message: 'down' }]
    const base = `/api/v2/franchises/${FID}/automated-marketings`
    if (method === 'GET' && path === base) return [200, rows]
    if (path === `${base}/revenue`) return [200, revenue((a) => a.currentMarketingRevenue)]
    if (path === `${base}/total-revenue`) return [200, revenue((a) => a.totalMarketingRevenue)]
    const detail = /^\/api\/v2\/automated-marketings\/([^/]+)\/detail$/.exec(path)
    const a = rows.find((r) => r.id === detail?.[1])
    if (a) return [200, { automation: a, months: [{ month: '2026-11', sent: 42, converted: 5 }] }]
    const put = new RegExp(`^/api/v2/users/${UID}/automated-marketings/([^/]+)$`).exec(path)
    const i = rows.findIndex((r) => r.id === put?.[1])
    if (method === 'PUT' && i >= 0) {
      const input = body as unknown as AutomationInput
      rows[i] = {
        ...rows[i]!,
        isActive: input.isActive,
        message: input.message,
        coupon: input.coupon ?? null,
        communicationCampaign: {
          ...rows[i]!.communicationCampaign,
          campaignFilters: input.communicationCampaign.campaignFilters,
        },
      }
      return [200, rows[i]]
    }
    return undefined
  })
  return backend
}
let backend: ReturnType<typeof fakeBackend>
/** The lazy page's first render can take seconds on a loaded machine. */
const WAIT = { timeout: 15_000 }
const puts = () => backend.calls.filter((c) => c.method === 'PUT')

beforeEach(() => {
  backend = fakeBackend()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('automated marketing: the list', () => {
  it('shows the revenue and a card per automation with its switch, last run and sends', async () => {
    renderShell({ path: '/pages/marketing/list' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Automated marketing' }, WAIT),
    ).toBeInTheDocument()
    expect(screen.getByText(/Total revenue/)).toHaveTextContent(
      'Total revenue: €1,234.50 · This month: €45.00',
    )
    const birthday = screen.getByRole('listitem', { name: 'Birthday' })
    expect(within(birthday).getByRole('switch', { name: 'Active' })).toBeChecked()
    expect(within(birthday).getByText(/11\/24\/2026/)).toBeInTheDocument()
    expect(within(birthday).getByTestId('sent-BIRTHDAY')).toHaveTextContent('42')
    const lost = screen.getByRole('listitem', { name: 'Lost customer' })
    expect(within(lost).getByRole('switch', { name: 'Active' })).not.toBeChecked()
    expect(within(lost).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/pages/marketing/lost/${ids.LOST_CUSTOMER}`,
    )
    expect(screen.getByRole('listitem', { name: 'New customer' })).toBeInTheDocument()
  }, 60_000)

  it('switches an automation on with a save of it, active', async () => {
    const { user } = renderShell({ path: '/pages/marketing/list' })
    const lost = await screen.findByRole('listitem', { name: 'Lost customer' }, WAIT)
    await user.click(within(lost).getByRole('switch', { name: 'Active' }))
    await waitFor(() => expect(within(lost).getByRole('switch', { name: 'Active' })).toBeChecked())
    expect(puts()).toHaveLength(1)
    expect(puts()[0]).toMatchObject({
      path: `/api/v2/users/${UID}/automated-marketings/${ids.LOST_CUSTOMER}`,
      body: { isActive: true, type: 'LOST_CUSTOMER', message: 'LOST_CUSTOMER message' },
    })
  })

  it('keeps the card as it was when the switch is refused', async () => {
    const { user } = renderShell({ path: '/pages/marketing/list' })
    const lost = await screen.findByRole('listitem', { name: 'Lost customer' }, WAIT)
    backend.fail = /\/users\//
    await user.click(within(lost).getByRole('switch', { name: 'Active' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The automation could not be switched.')
    expect(within(lost).getByRole('switch', { name: 'Active' })).not.toBeChecked()
  })

  it('offers a retry when the list cannot be loaded', async () => {
    backend.fail = /automated-marketings$/
    const { user } = renderShell({ path: '/pages/marketing/list' })
    expect(await screen.findByText('The automations could not be loaded.', {}, WAIT)).toBeInTheDocument()
    backend.fail = null
    await user.click(screen.getByRole('button', { name: /retry/i }))
    expect(await screen.findByRole('listitem', { name: 'Birthday' })).toBeInTheDocument()
  })
})

describe('automated marketing: the editor', () => {
  const path = `/pages/marketing/birthday/${ids.BIRTHDAY}`

  it('shows the stats and the months of the automation', async () => {
    renderShell({ path })
    expect(await screen.findByRole('heading', { level: 1, name: 'Birthday' }, WAIT)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Message text' })).toHaveValue('BIRTHDAY message')
    const sent = screen.getAllByText('Messages sent').find((e) => e.tagName === 'DT')
    expect(sent?.nextElementSibling).toHaveTextContent('42')
    expect(screen.getByRole('figure', { name: 'Sends and conversions per month' })).toHaveTextContent('11')
  })

  it('shows the §5 errors once a save is tried, saves nothing until they are mended', async () => {
    const { user } = renderShell({ path })
    const message = await screen.findByRole('textbox', { name: 'Message text' }, WAIT)
    await user.click(screen.getByRole('radio', { name: 'SMS' }))
    await user.clear(message)
    await user.click(screen.getByRole('radio', { name: 'Percentage' }))
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '150')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A percentage from 0 to 100')).toBeInTheDocument()
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2)
    expect(puts()).toHaveLength(0)

    await user.click(message)
    await user.paste('Bon anniversaire : -10 % aujourd’hui')
    await user.clear(screen.getByRole('textbox', { name: 'Value' }))
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '10')
    await user.click(screen.getByRole('textbox', { name: 'Coupon title' }))
    await user.paste('Anniversaire')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Automation saved')
    expect(puts()).toHaveLength(1)
    expect(puts()[0]!.body).toMatchObject({
      communicationCampaignType: 'SMS',
      message: 'Bon anniversaire : -10 % aujourd’hui',
      coupon: {
        type: 'percentage',
        value: 10,
        header: 'Anniversaire',
        validity: { value: 1, unit: 'months' },
      },
      timing: { daysBefore: 0 },
    })
  }, 60_000)

  it('filters the audience with the campaign filters: a range upside down is refused on the field, then the save carries them', async () => {
    const { user, location } = renderShell({ path })
    await screen.findByRole('textbox', { name: 'Message text' }, WAIT)
    const age = within(screen.getByRole('group', { name: 'Age' }))
    await user.type(age.getByLabelText('Min'), '30')
    await user.type(age.getByLabelText('Max'), '20')
    await user.click(within(screen.getByRole('group', { name: 'Client type' })).getByLabelText('Regular'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(age.getByLabelText('Min')).toHaveAccessibleErrorMessage(
        /^The minimum \(\d+\) must not be above the maximum \(\d+\)\.$/,
      ),
    )
    expect(puts()).toHaveLength(0)

    await user.clear(age.getByLabelText('Max'))
    await user.type(age.getByLabelText('Max'), '45')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Automation saved')
    expect(puts()).toHaveLength(1)
    expect(puts()[0]!.body).toMatchObject({
      communicationCampaign: {
        campaignFilters: { minAge: 30, maxAge: 45, clientsTypes: ['REGULAR_CUSTOMER'] },
      },
    })
    // The saved automation shows them back, with nothing left unsaved.
    expect(age.getByLabelText('Min')).toHaveValue('30')
    expect(within(screen.getByRole('group', { name: 'Client type' })).getByLabelText('Regular')).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    await waitFor(() => expect(location.location.path).toBe('/pages/marketing/list'))
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 60_000)

  it('asks before leaving with unsaved changes: stay keeps them, leave goes to the list', async () => {
    const { user, location } = renderShell({ path })
    const message = await screen.findByRole('textbox', { name: 'Message text' }, WAIT)
    await user.type(message, ' !')
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(message).toHaveValue('BIRTHDAY message !')
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(location.location.path).toBe('/pages/marketing/list'))
    expect(puts()).toHaveLength(0)
  })

  // The franchise is French: the defaults are its customers' language, whatever the screen's (issue 34).
  it('resets the form to the birthday defaults in the franchise’s language, keeping the switch', async () => {
    const { user } = renderShell({ path })
    const message = await screen.findByRole('textbox', { name: 'Message text' }, WAIT)
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }))
    await waitFor(() => expect(message).not.toHaveValue('BIRTHDAY message'))
    expect(message).toHaveValue('Joyeux anniversaire ! Un petit cadeau vous attend en magasin.')
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked()
  })
})

// Issue 34: the pages never said when the run happens, showed a switching on as the last run, and the
// lost-customer page hid the delay it depends on.
describe.each([
  {
    locale: 'en' as const,
    schedule: /^Automations run every day at 10:00\sAM \(Paris\), the franchise’s time\.$/,
    lastRun: 'Last run',
    never: 'Never run yet',
    next: 'Next run',
    lost: 'Lost customer',
    birthday: 'Birthday',
    delay: /Sent once when a client has not visited for 6 months/,
    setting: 'Change it in the franchise settings',
    daily: /every day at 10:00/,
  },
  {
    locale: 'fr' as const,
    schedule: /^Les automatisations s’exécutent chaque jour à 10:00 \(Paris\), heure de la franchise\.$/,
    lastRun: 'Dernière exécution',
    never: 'Jamais exécutée',
    next: 'Prochaine exécution',
    lost: 'Client perdu',
    birthday: 'Anniversaire',
    delay: /Envoyé une fois quand un client n’est pas venu depuis 6 mois/,
    setting: 'La modifier dans les réglages de la franchise',
    daily: /chaque jour à 10:00/,
  },
])('automated marketing: when it runs ($locale)', (l) => {
  it('says the daily run’s time and zone, the next run of one on, and “never run” before a run', async () => {
    renderShell({ path: '/pages/marketing/list', locale: l.locale })
    expect(await screen.findByText(l.schedule, {}, WAIT)).toBeInTheDocument()
    const birthday = screen.getByRole('listitem', { name: l.birthday })
    const lost = screen.getByRole('listitem', { name: l.lost })
    const value = (card: HTMLElement, term: string) =>
      within(card)
        .getAllByText(term)
        .find((e) => e.tagName === 'DT')?.nextElementSibling
    expect(value(lost, l.lastRun)).toHaveTextContent(l.never)
    expect(within(lost).queryByText(l.next)).toBeNull()
    expect(value(birthday, l.lastRun)).not.toHaveTextContent(l.never)
    expect(value(birthday, l.next)).toHaveTextContent(/25/)
  }, 60_000)

  it('shows the lost-customer delay and links to the franchise setting', async () => {
    renderShell({ path: `/pages/marketing/lost/${ids.LOST_CUSTOMER}`, locale: l.locale })
    expect(await screen.findByRole('heading', { level: 1, name: l.lost }, WAIT)).toBeInTheDocument()
    expect(screen.getByText(l.delay)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: l.setting })).toHaveAttribute(
      'href',
      '/pages/franchise#franchise-settings',
    )
    expect(screen.getByText(l.daily)).toBeInTheDocument()
  }, 60_000)
})
