import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { ClientGdpr } from '../../src/features/clients/ClientGdpr'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { clientMachinesFor } from '../support/client-machines'
import { clientId, createClientsBackend, FRANCHISE_ID } from '../support/clients-backend'
import { renderClients } from './clients-support'
import { renderUi } from './render'

const MARIE = clientId(1)
const path = `/pages/user/clients/${MARIE}`

async function openProfile(options: Parameters<typeof renderClients>[0] = {}) {
  const app = renderClients({ path, ...options })
  expect(await screen.findByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
  await app.user.click(screen.getByRole('tab', { name: /^Profil/ }))
  expect(
    await screen.findByRole('heading', { name: /^(Personal data \(GDPR\)|Données personnelles \(RGPD\))$/ }),
  ).toBeInTheDocument()
  return app
}

describe('GDPR on the client detail', () => {
  it('offers the personal data as JSON and as a readable page in the user’s language', async () => {
    await openProfile({ locale: 'fr' })
    const json = screen.getByRole('link', { name: 'Exporter les données personnelles (JSON)' })
    const html = screen.getByRole('link', { name: 'Exporter les données personnelles (page lisible)' })
    const base = `/api/v2/franchises/${FRANCHISE_ID}/clients/${MARIE}/personal-data`
    expect(json.getAttribute('href')).toMatch(new RegExp(`^${base}\\?format=json&locale=fr`))
    expect(html.getAttribute('href')).toMatch(new RegExp(`^${base}\\?format=html&locale=fr`))
    expect(json).toHaveAttribute('download')
  })

  it('erases after a confirmation naming what is kept and removed, then goes back to the list', async () => {
    const { user, notices, location, backend } = await openProfile()
    await user.click(screen.getByRole('button', { name: 'Erase this client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase Marie Dupont?' })
    const kept = within(dialog).getByRole('list', { name: 'What is kept (anonymous)' })
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'The points history, so balances and totals do not change',
      'Visits and sales figures in the statistics',
      'The coupons issued and redeemed',
    ])
    const removed = within(dialog).getByRole('list', { name: 'What is removed' })
    expect(within(removed).getByText('Phone number')).toBeInTheDocument()
    expect(within(removed).getByText('Registration form answers')).toBeInTheDocument()
    expect(backend.erase).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }))
    await waitFor(() => expect(location.current).toBe('/pages/user/clients'))
    expect(backend.erase).toHaveBeenCalledWith(FRANCHISE_ID, MARIE)
    expect(notices).toEqual(['success:gdpr.erase.success'])
    expect(backend.store.clients.get(MARIE)).toMatchObject({ phone: null, email: null, firstName: '' })
  })

  it('cancels without erasing', async () => {
    const { user, backend } = await openProfile()
    await user.click(screen.getByRole('button', { name: 'Erase this client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase Marie Dupont?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.erase).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { level: 1, name: 'Marie Dupont' })).toBeInTheDocument()
  })

  it('says why a shared client is refused and retries after a failure', async () => {
    const backend = createClientsBackend()
    const erase = backend.erase
    const answers = [new ApiError(403, 'CLIENT_SHARED', 'shared'), new ApiError(503, 'UNAVAILABLE', 'down')]
    backend.erase = async (fid, id) => {
      const next = answers.shift()
      if (next) throw next
      return erase(fid, id)
    }
    const { user, location } = await openProfile({ backend })
    await user.click(screen.getByRole('button', { name: 'Erase this client' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase Marie Dupont?' })
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This client also visited other stores of the franchise',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The client could not be erased.'),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(location.current).toBe('/pages/user/clients'))
    expect(backend.store.clients.get(MARIE)!.phone).toBeNull()
  })

  it('does not offer the erasure to a caller who may not erase', async () => {
    renderUi(
      <ProvidedMachines machines={clientMachinesFor(createClientsBackend())}>
        <ClientGdpr franchiseId={FRANCHISE_ID} clientId={MARIE} name="Marie Dupont" mayErase={false} />
      </ProvidedMachines>,
    )
    expect(screen.getByRole('link', { name: 'Export personal data (JSON)' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Erase this client' })).not.toBeInTheDocument()
  })
})
