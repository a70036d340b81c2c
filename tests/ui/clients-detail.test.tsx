import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/client'
import { clientId, createClientsBackend, FRANCHISE_ID, STORE_1 } from '../support/clients-backend'
import { renderClients } from './clients-support'

// Marie Dupont: 137 points, a visit on 2026-11-06 with a €24.50 sale at Maison Dupont 1.
const MARIE = clientId(1)
const path = `/pages/user/clients/${MARIE}`
const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement

async function open(options: Parameters<typeof renderClients>[0] = {}) {
  const app = renderClients({ path, ...options })
  expect(await screen.findByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
  return app
}

describe('client detail page', () => {
  it('shows the client: name, type, contact, figures and the offers the balance covers', async () => {
    const { backend } = await open()
    expect(screen.getByText('Regular')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+33612345678',
    )
    expect(stat('Points')).toHaveTextContent('137')
    expect(stat('Visits')).toHaveTextContent('10')
    expect(stat('Average basket')).toHaveTextContent('€15.65')
    expect(screen.getByRole('tab', { name: 'Offers', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Redeem Free coffee' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Redeem €5 off' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Use the coupon Welcome gift' })).toBeEnabled()
    expect(backend.detail).toHaveBeenCalledWith(FRANCHISE_ID, MARIE)
  })

  it('names a phone-only client by the number, shown once', async () => {
    const backend = createClientsBackend()
    const marie = backend.store.clients.get(MARIE)!
    Object.assign(marie, { firstName: '', lastName: '', email: null })
    renderClients({ path, backend })
    const heading = await screen.findByRole('heading', { level: 1, name: '+33 6 12 34 56 78' })
    const header = heading.closest('header')!
    expect(within(header).getAllByText('+33 6 12 34 56 78')).toHaveLength(1)
    expect(within(header).queryByRole('link', { name: '+33 6 12 34 56 78' })).not.toBeInTheDocument()
  })

  it('shows no opt-out badge for a client who never answered STOP', async () => {
    await open()
    expect(screen.queryByText('No marketing SMS (replied STOP)')).not.toBeInTheDocument()
  })

  it('shows when the client answered STOP to the franchise’s SMS', async () => {
    const backend = createClientsBackend()
    backend.store.clients.get(MARIE)!.smsOptedOut = true
    await open({ backend })
    expect(screen.getByText('No marketing SMS (replied STOP)')).toBeInTheDocument()
  })

  it('credits points: the dialog closes, the balance and the history show the move', async () => {
    const { user, notices, backend } = await open()
    await user.click(screen.getByRole('button', { name: 'Credit / debit points' }))
    const dialog = await screen.findByRole('dialog', { name: 'Credit or debit points' })
    expect(dialog).toHaveTextContent('Balance: 137 points. The move is recorded at Maison Dupont 1.')
    await user.type(within(dialog).getByRole('textbox', { name: /Points/ }), '50{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(stat('Points')).toHaveTextContent('187')
    expect(backend.movePoints).toHaveBeenCalledWith({
      userId: MARIE,
      merchantId: FRANCHISE_ID,
      storeId: STORE_1,
      points: 50,
    })
    expect(notices).toEqual(['success:loyalty.editPoints.successAddMessage'])
    await user.click(screen.getByRole('tab', { name: 'History' }))
    const rows = within(await screen.findByRole('table', { name: 'History' })).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(/Credit\+50—Maison Dupont 1/)
  })

  it('refuses a debit above the balance before asking, and shows the server’s 409 clearly', async () => {
    const backend = createClientsBackend()
    const { user, notices } = await open({ backend })
    await user.click(screen.getByRole('button', { name: 'Credit / debit points' }))
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByRole('textbox', { name: /Points/ })
    await user.type(field, '-500')
    expect(within(dialog).getByRole('button', { name: 'Debit points' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Debit points' }))
    await waitFor(() =>
      expect(field).toHaveAccessibleErrorMessage('The client does not have enough points for this.'),
    )
    expect(backend.movePoints).not.toHaveBeenCalled()
    // Someone spent the points meanwhile: the server refuses with 409 INSUFFICIENT_POINTS.
    backend.store.clients.get(MARIE)!.points = 5
    await user.clear(field)
    await user.type(field, '-100{Enter}')
    await waitFor(() =>
      expect(field).toHaveAccessibleErrorMessage('The client does not have enough points for this.'),
    )
    expect(notices).toEqual(['error:loyalty.editPoints.errorMessage'])
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('records a sale with a comma decimal', async () => {
    const { user, notices, backend } = await open()
    await user.click(screen.getByRole('button', { name: 'Record a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a sale' })
    const field = within(dialog).getByRole('textbox', { name: /Amount \(EUR\)/ })
    await user.type(field, '12,345{Enter}')
    await waitFor(() =>
      expect(field).toHaveAccessibleErrorMessage(
        'Enter an amount above zero, with at most 2 decimals (12.50 or 12,50).',
      ),
    )
    await user.clear(field)
    await user.type(field, '12,50{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.sale).toHaveBeenCalledWith(STORE_1, MARIE, '12,50')
    expect(notices).toEqual(['success:loyalty.addSale.addSaleSuccess'])
    await user.click(screen.getByRole('tab', { name: 'History' }))
    const rows = within(await screen.findByRole('table', { name: 'History' })).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(/Visit\+12€12\.50Maison Dupont 1/)
  })

  it('redeems an offer after a confirmation, and the balance follows', async () => {
    const { user, notices, backend } = await open()
    await user.click(screen.getByRole('button', { name: 'Redeem Free coffee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Redeem this offer?' })
    expect(dialog).toHaveTextContent('“Free coffee” costs 100 points, taken from Marie Dupont’s balance.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.redeemOffer).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Redeem Free coffee' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem the offer' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(stat('Points')).toHaveTextContent('37')
    expect(screen.getByRole('button', { name: 'Redeem Free coffee' })).toBeDisabled()
    expect(notices).toEqual(['success:pages.clients.offersDialog.success'])
  })

  it('uses a coupon after a confirmation; a refusal is said in the dialog', async () => {
    const backend = createClientsBackend()
    const { user, notices } = await open({ backend })
    await user.click(screen.getByRole('button', { name: 'Use the coupon Welcome gift' }))
    let dialog = await screen.findByRole('dialog', { name: 'Use this coupon?' })
    await user.click(within(dialog).getByRole('button', { name: 'Use the coupon' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Use the coupon Welcome gift' })).not.toBeInTheDocument()
    expect(notices).toEqual(['success:pages.clients.couponsDialog.success'])
    // Used elsewhere in the meantime.
    backend.store.coupons.get(MARIE)!.find((c) => c.header === 'Birthday treat')!.state = 'claimed'
    await user.click(screen.getByRole('button', { name: 'Use the coupon Birthday treat' }))
    dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Use the coupon' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This coupon was already used.')
  })

  it('lists the coupons by state, a page at a time', async () => {
    const { user, backend } = await open()
    await user.click(screen.getByRole('tab', { name: 'Coupons' }))
    const table = await screen.findByRole('table', { name: 'Coupons' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6))
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(screen.getByText('6–7 of 7')).toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Expired' }))
    await waitFor(() => expect(screen.getByText('1–2 of 2')).toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Expired' })).toHaveAttribute('aria-pressed', 'true')
    for (const row of within(screen.getByRole('table', { name: 'Coupons' }))
      .getAllByRole('row')
      .slice(1))
      expect(row).toHaveTextContent('Expired')
    expect(backend.coupons).toHaveBeenLastCalledWith(
      MARIE,
      expect.objectContaining({ page: 1, state: 'expired' }),
    )
  })

  it('edits the client: conflicts and an invalid phone show on the field, then it saves', async () => {
    const { user, notices } = await open()
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the client' })
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' })
    expect(phone).toHaveValue('+33 6 12 34 56 78')
    await user.clear(phone)
    await user.type(phone, '0612')
    await user.tab()
    await waitFor(() => expect(phone).toHaveAccessibleErrorMessage('Invalid phone number.'))
    await user.clear(phone)
    // Lucas Martin's number.
    await user.type(phone, '06 23 45 67 89')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(phone).toHaveAccessibleErrorMessage('Another client already has this phone number.'),
    )
    await user.clear(phone)
    await user.type(phone, '06 12 34 56 99')
    const first = within(dialog).getByRole('textbox', { name: /First name/ })
    await user.clear(first)
    await user.type(first, 'Marie-Anne{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Marie-Anne Dupont' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: '+33 6 12 34 56 99' })).toHaveAttribute(
      'href',
      'tel:+33612345699',
    )
    expect(notices).toEqual(['success:pages.clients.editClient.success'])
  })

  it('deletes after a confirmation, then goes back to the list', async () => {
    const { user, notices, location, backend } = await open()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this client?' })
    // Enter right away never deletes: the focus is in the dialog, not on its destructive button.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Enter}')
    expect(backend.remove).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }))
    await waitFor(() => expect(location.current).toBe('/pages/user/clients'))
    expect(notices).toEqual(['success:pages.clients.deleteClient.success'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Client list' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Marie Dupont' })).not.toBeInTheDocument()
  })

  it('sets the failed-information state with a retry, and says when the client does not exist', async () => {
    const backend = createClientsBackend()
    const detail = backend.detail
    let fail = true
    backend.detail = async (fid, id) => {
      if (fail) throw new ApiError(503, 'UNAVAILABLE', 'down')
      return detail(fid, id)
    }
    const { user } = renderClients({ path, backend })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The client’s information could not be loaded.',
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
  })

  it('says "client not found" for an unknown client, with the way back', async () => {
    renderClients({ path: `/pages/user/clients/${clientId(99)}` })
    expect(await screen.findByRole('alert')).toHaveTextContent('Client not found.')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Client list' })).toHaveAttribute(
      'href',
      '/pages/user/clients',
    )
  })

  it('speaks French: DD/MM/YYYY dates and euro amounts with a comma in the history', async () => {
    const { user } = renderClients({ path, locale: 'fr' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Historique' }))
    const rows = within(await screen.findByRole('table', { name: 'Historique' })).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(/^06\/11\/2026 \d\d:\d\dPassage\+1224,50\s€Maison Dupont 1$/)
  })

  // Issue 34: an automation's sends were in no history.
  it.each([
    [
      'en',
      'History',
      'Messages received',
      /^Happy birthdayAutomationSMSSent$/,
      /^Winter salesCampaignPushSent$/,
    ],
    [
      'fr',
      'Historique',
      'Messages reçus',
      /^Happy birthdayAutomatisationSMSEnvoyé$/,
      /^Winter salesCampagneNotificationEnvoyé$/,
    ],
  ] as const)(
    'lists the messages the client received, newest first, in %s',
    async (locale, tab, title, first, second) => {
      const { user } = renderClients({ path, locale })
      expect(await screen.findByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
      await user.click(screen.getByRole('tab', { name: tab }))
      const table = await screen.findByRole('table', { name: title })
      const rows = within(table).getAllByRole('row')
      expect(rows).toHaveLength(3)
      // The date cell first (the franchise's clock), then what, from where, how, delivered or not.
      const cells = (row: HTMLElement) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent)
          .join('')
      expect(cells(rows[1]!)).toMatch(first)
      expect(cells(rows[2]!)).toMatch(second)
    },
  )

  // Issue 34 (one clock): the ledger export's default period ends on the franchise's day, not the
  // browser's UTC one. 23:30 UTC is already the next day in Paris.
  describe('the ledger export period', () => {
    afterEach(() => vi.useRealTimers())
    it('ends today in the franchise’s zone', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-11-28T23:30:00Z'))
      const { user } = await open()
      await user.click(screen.getByRole('tab', { name: 'History' }))
      expect(await screen.findByLabelText(/^To/)).toHaveValue('2026-11-29')
      expect(screen.getByLabelText(/^From/)).toHaveValue('2025-11-29')
    })
  })
})
