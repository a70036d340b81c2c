// The public landing form as a customer meets it (issue 34, item 7): nothing marked wrong before it is
// touched, a field's error once it is left (every error once Continue is pressed), errors that state
// their limit (en and fr), an intro that names the steps in their order, and a success screen that says
// what to do next.
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LandingInfo } from '../../src/domain/emarketing'
import { LandingContainer } from '../../src/features/emarketing/LandingContainer'
import { LANDING_INFO } from '../support/emarketing-fixtures'
import { fakeFetch } from '../support/fetch-fake'
import { renderUi } from './render'

const PUB = '/api/v2/public/emarketings/dupont'
const INFO: LandingInfo = {
  ...LANDING_INFO,
  fields: [
    ...LANDING_INFO.fields.filter((f) => f.isStatic),
    {
      localId: 'bakery',
      label: 'Bakery',
      status: 'ACTIVE',
      isStatic: false,
      isValid: true,
      validation: { type: 'SHORT_TEXT', isRequired: true, minLength: 3, maxLength: 20 },
    },
    {
      localId: 'children',
      label: 'Children',
      status: 'ACTIVE',
      isStatic: false,
      isValid: true,
      validation: { type: 'NUMBER', isRequired: false, min: 0, max: 12 },
    },
  ],
}

function backend() {
  return fakeFetch((c) => {
    if (c.path === PUB) return [200, INFO]
    if (c.path === `${PUB}/phone-code`)
      return [200, { expiresAt: '2099-01-01T00:00:00Z', resendInSeconds: 60 }]
    if (c.path === `${PUB}/phone-code/confirm`)
      return [200, { proof: 'proof-1', expiresAt: '2099-01-01T00:00:00Z' }]
    if (c.path === `${PUB}/register`)
      return [200, { clientId: 'c1', points: 20, balance: 20, firstName: 'Zoé' }]
    return undefined
  })
}

const invalidFields = () => document.querySelectorAll('[aria-invalid="true"]')

afterEach(() => vi.unstubAllGlobals())

describe.each([
  {
    locale: 'en' as const,
    firstName: /^First name/,
    email: /^E-mail/,
    next: 'Continue',
    required: 'Required.',
    tooShort: 'Too short: at least 3 characters.',
    aboveMax: 'Too large: at most 12.',
  },
  {
    locale: 'fr' as const,
    firstName: /^Prénom/,
    email: /^E-mail/,
    next: 'Continuer',
    required: 'Obligatoire.',
    tooShort: 'Trop court : au moins 3 caractères.',
    aboveMax: 'Trop grand : au plus 12.',
  },
])('the landing form in $locale', (l) => {
  it('marks nothing before it is touched, a field once it is left, everything on Continue; errors state their limit', async () => {
    backend()
    const { user } = renderUi(<LandingContainer slug="dupont" />, { path: '/e/dupont', locale: l.locale })
    const first = await screen.findByRole('textbox', { name: l.firstName }, { timeout: 15_000 })
    // On arrival: required fields, nothing wrong yet.
    expect(invalidFields()).toHaveLength(0)
    expect(screen.queryByText(l.required)).toBeNull()

    // Entering and leaving a field judges that field only.
    await user.type(screen.getByRole('textbox', { name: /^Bakery/ }), 'ab')
    await user.type(screen.getByRole('textbox', { name: /^Children/ }), '15')
    expect(screen.getByText(l.tooShort)).toBeInTheDocument()
    await user.tab()
    expect(screen.getByText(l.aboveMax)).toBeInTheDocument()
    expect(first).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('textbox', { name: l.email })).not.toHaveAttribute('aria-invalid')

    // Continue judges the whole form.
    await user.click(screen.getByRole('button', { name: l.next }))
    expect(first).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: l.email })).toHaveAttribute('aria-invalid', 'true')
  }, 60_000)
})

describe('the landing page’s words', () => {
  it('introduces the steps in their order and ends on what to do next', async () => {
    backend()
    const { user } = renderUi(<LandingContainer slug="dupont" />, { path: '/e/dupont' })
    await screen.findByRole('textbox', { name: /^First name/ }, { timeout: 15_000 })
    // The form asks for the e-mail first, the phone comes second: the intro says so in that order.
    expect(
      screen.getByText(/^Two steps: your details and e-mail here, then the code we send you by SMS/),
    ).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Zoé')
    await user.type(screen.getByLabelText(/^Date of birth/), '1991-05-14')
    await user.type(screen.getByRole('textbox', { name: /^Bakery/ }), 'Poilâne')
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'zoe@example.test')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(await screen.findByRole('textbox', { name: /^Mobile phone number/ }), '06 12 34 56 78')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    await user.type(await screen.findByRole('textbox', { name: /^Code received by SMS/ }), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Welcome, Zoé!')).toBeInTheDocument()
    expect(screen.getByText('Your balance: 20 points.')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Your card is ready. On each visit to Maison Dupont, scan the QR code at the counter and give your phone number: your points are added to your card.',
      ),
    ).toBeInTheDocument()
  }, 60_000)
})
