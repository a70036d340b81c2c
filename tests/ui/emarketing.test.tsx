// The e-marketing screen (in the signed-in app) and the public landing page (issue 21), on their real
// machines and default actors, with the back end faked at the fetch boundary: the set-up with the §5
// errors, a taken link, the live preview and the public link; the store owner's notice; the landing
// form's shared CRM rules, the phone code, the points, and an existing client told so.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Emarketing } from '../../src/domain/emarketing'
import { LandingContainer } from '../../src/features/emarketing/LandingContainer'
import { LANDING_INFO } from '../support/emarketing-fixtures'
import { type Call, fakeFetch } from '../support/fetch-fake'
import { renderUi } from './render'
import { renderShell, storeOwner } from './shell-support'

const FID = '11111111-1111-4111-8111-111111111111'
const UID = '33333333-3333-4333-8333-333333333333'
/** The lazy page's first render can take seconds on a loaded machine. */
const WAIT = { timeout: 15_000 }

afterEach(() => vi.unstubAllGlobals())

describe('e-marketing screen', () => {
  const saved = (body: Record<string, unknown>): Emarketing =>
    ({
      ...(body as object),
      id: '77777777-7777-4777-8777-777777777777',
      logo: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
      counts: { visits: 0, registrations: 0 },
    }) as Emarketing

  it('sets the page up: points rule, a taken link refused, then created with its public link', async () => {
    let taken = true
    const calls = fakeFetch(
      (c) => (c.path === `/api/v2/users/${UID}/emarketing` ? [200, null] : undefined),
      (c) =>
        c.path.endsWith('/availability')
          ? [200, { link: c.query.get('link'), isAvailable: !taken }]
          : undefined,
      (c) => (c.method === 'POST' && c.path === '/api/v2/emarketings' ? [200, saved(c.body!)] : undefined),
    )
    const { user } = renderShell({ path: '/pages/e-marketing' })
    expect(
      await screen.findByRole('heading', { name: 'Set up your e-marketing page' }, WAIT),
    ).toBeInTheDocument()
    const link = screen.getByRole('textbox', { name: /^Link/ })
    expect(link).toHaveValue('maison-dupont')
    const points = screen.getByRole('textbox', { name: /^Points for registering/ })
    expect(points).toHaveValue('10')
    await user.clear(points)
    await user.type(points, '0')
    expect(screen.getByText('Enter a whole number of points above 0.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create the page' })).toBeDisabled()

    await user.clear(points)
    await user.type(points, '20')
    expect(screen.queryByText('Enter a whole number of points above 0.')).toBeNull()
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getByText('20 points offered when you register')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Create the page' }))
    expect(await screen.findByText('This link is already taken.')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    taken = false
    await user.clear(link)
    await user.type(link, 'dupont-marais')
    await user.click(screen.getByRole('button', { name: 'Create the page' }))
    const publicLink = await screen.findByRole('region', { name: 'Public link' })
    expect(within(publicLink).getByRole('link')).toHaveTextContent(/\/e\/dupont-marais$/)
    expect(within(publicLink).getByRole('button', { name: 'Download SVG' })).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      franchiseId: FID,
      link: 'dupont-marais',
      registrationPoints: 20,
    })
    expect(screen.getByRole('heading', { name: 'Your e-marketing page' })).toBeInTheDocument()
  }, 60_000)

  it('tells a store owner to contact the franchise manager, and asks the server nothing', async () => {
    const calls = fakeFetch()
    renderShell({ path: '/pages/e-marketing', as: storeOwner() })
    expect(
      await screen.findByText('E-marketing is set up by the franchise manager', {}, WAIT),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Your account cannot set up the e-marketing page. Contact your franchise manager.'),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.path.includes('emarketing'))).toHaveLength(0)
  }, 30_000)
})

describe('landing page', () => {
  const pub = '/api/v2/public/emarketings/dupont'

  function landingBackend(register: (c: Call) => [number, unknown]) {
    return fakeFetch((c) => {
      if (c.path === pub) return [200, LANDING_INFO]
      if (c.path === `${pub}/phone-code`)
        return [200, { expiresAt: '2099-01-01T00:00:00Z', resendInSeconds: 60 }]
      if (c.path === `${pub}/phone-code/confirm`)
        return c.body?.code === '123456'
          ? [200, { proof: 'proof-1', expiresAt: '2099-01-01T00:00:00Z' }]
          : [400, { code: 'PHONE_CODE_INVALID', message: 'wrong', details: { attemptsLeft: 4 } }]
      if (c.path === `${pub}/register`) return register(c)
      return undefined
    })
  }

  async function fillForm(user: ReturnType<typeof renderUi>['user'], bakery: string) {
    await screen.findByText('20 points offered when you register')
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Inès')
    await user.type(screen.getByLabelText(/^Date of birth/), '1991-05-14')
    if (bakery) await user.type(screen.getByRole('textbox', { name: /^Favourite bakery/ }), bakery)
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ines@example.test')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
  }

  async function confirmPhone(user: ReturnType<typeof renderUi>['user']) {
    await user.type(await screen.findByRole('textbox', { name: /^Mobile phone number/ }), '06 12 34 56 78')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await user.type(await screen.findByRole('textbox', { name: /^Code received by SMS/ }), '654321')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText(/This is not the code we sent\. 4 tries left\./)).toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: /^Code received by SMS/ }))
    await user.type(screen.getByRole('textbox', { name: /^Code received by SMS/ }), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
  }

  it('holds the form on a required CRM field, then registers with the code and shows the points', async () => {
    const calls = landingBackend(() => [200, { clientId: 'c1', points: 20, balance: 20, firstName: 'Inès' }])
    const { user } = renderUi(<LandingContainer slug="dupont" />, { path: '/e/dupont' })
    await fillForm(user, '')
    // The shared CRM rule: the required field blocks the form, nothing is sent.
    expect(await screen.findByRole('textbox', { name: /^Favourite bakery/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(screen.queryByRole('textbox', { name: /^Mobile phone number/ })).toBeNull()
    await user.type(screen.getByRole('textbox', { name: /^Favourite bakery/ }), 'Poilâne')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await confirmPhone(user)
    expect(await screen.findByText('Welcome, Inès!')).toBeInTheDocument()
    expect(screen.getByText('+20 points')).toBeInTheDocument()
    const register = calls.find((c) => c.path === `${pub}/register`)
    expect(register?.body).toMatchObject({
      proof: 'proof-1',
      phone: '+33612345678',
      email: 'ines@example.test',
      consent: false,
      crmValues: { firstName: 'Inès', dateOfBirth: '1991-05-14', bakery: 'Poilâne' },
    })
    // The phone is proven through this page's routes, the code's SMS in the page's language.
    const proving = calls.filter((c) => c.path.startsWith(`${pub}/phone-code`))
    expect(proving.map((c) => [c.path, c.body])).toEqual([
      [`${pub}/phone-code`, { phone: '+33612345678', language: 'en' }],
      [`${pub}/phone-code/confirm`, { phone: '+33612345678', code: '654321' }],
      [`${pub}/phone-code/confirm`, { phone: '+33612345678', code: '123456' }],
    ])
  }, 60_000)

  it('tells an existing client they already have a card', async () => {
    landingBackend(() => [409, { code: 'ALREADY_CLIENT', message: 'known' }])
    const { user } = renderUi(<LandingContainer slug="dupont" />, { path: '/e/dupont' })
    await fillForm(user, 'Poilâne')
    await confirmPhone(user)
    expect(
      await screen.findByText(
        'You already have a loyalty card at Maison Dupont: there is nothing new to collect here.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('+20 points')).toBeNull())
  }, 60_000)

  it('says so when the page does not exist', async () => {
    fakeFetch()
    renderUi(<LandingContainer slug="nowhere" />, { path: '/e/nowhere' })
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument()
  })
})
