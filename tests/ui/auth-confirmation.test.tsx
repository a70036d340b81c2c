import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { PAYMENT_URL, renderApp } from '../support/session-harness'

const PATH = '/pages/confirmation'
const acceptBox = () => screen.getByRole('checkbox', { name: 'I have read and accept the terms of service' })
const continueButton = () => screen.getByRole('button', { name: 'Accept and continue' })

async function openConfirmation(options: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp({ path: PATH, signedInAs: 'registered', ...options })
  await screen.findByRole('heading', { level: 1, name: /Activate your account|Activez votre compte/ })
  return app
}

describe('Account confirmation page', () => {
  it('shows the terms, accepts them once ticked, then the plan, and goes to pay', async () => {
    const { user, api, effects } = await openConfirmation()
    const terms = screen.getByRole('region', { name: 'Terms of service' })
    for (const section of [
      '1. Subscription and payment',
      '2. Your clients’ data',
      '3. SMS and notification campaigns',
    ])
      expect(within(terms).getByRole('heading', { level: 3, name: section })).toBeInTheDocument()
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Terms of service')

    expect(continueButton()).toBeDisabled()
    await user.click(acceptBox())
    expect(continueButton()).toBeEnabled()
    await user.click(continueButton())

    expect(await screen.findByRole('heading', { level: 2, name: 'Loyalty Pro' })).toBeInTheDocument()
    expect(screen.getByText('€49.00 per month')).toBeInTheDocument()
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Subscription')
    expect(api.acceptTerms).toHaveBeenCalledOnce()
    expect(api.loadOffer).toHaveBeenCalledOnce()

    await user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(effects.pageLoads).toEqual([PAYMENT_URL])
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
    expect(screen.getByText('Opening the secure payment page…')).toBeInTheDocument()
  })

  it('formats the price for the language and the currency', async () => {
    const { user } = await openConfirmation({
      locale: 'fr',
      api: {
        loadOffer: async () => ({
          plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 6900, currencyCode: 'CAD' },
          url: PAYMENT_URL,
        }),
      },
    })
    await user.click(
      screen.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions d'utilisation" }),
    )
    await user.click(screen.getByRole('button', { name: 'Accepter et continuer' }))
    expect(await screen.findByText(/^69,00\s\$CA par mois$/)).toBeInTheDocument()
  })

  it('offers a retry when the acceptance of the terms fails', async () => {
    let fail = true
    const { user, api } = await openConfirmation({
      api: {
        acceptTerms: async () => {
          if (fail) throw new ApiError(500, 'INTERNAL', 'boom')
        },
      },
    })
    await user.click(acceptBox())
    await user.click(continueButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your acceptance of the terms could not be recorded.',
    )
    expect(acceptBox()).toBeDisabled()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Loyalty Pro' })).toBeInTheDocument()
    expect(api.acceptTerms).toHaveBeenCalledTimes(2)
  })

  it('offers a retry when the plan or its payment link cannot be loaded, without the terms again', async () => {
    let fail = true
    const { user, api } = await openConfirmation({
      api: {
        loadOffer: async () => {
          if (fail) throw new ApiError(0, 'NETWORK_ERROR', 'offline')
          return {
            plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
            url: PAYMENT_URL,
          }
        },
      },
    })
    await user.click(acceptBox())
    await user.click(continueButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The subscription and its payment link could not be loaded.',
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Loyalty Pro' })).toBeInTheDocument()
    expect(api.acceptTerms).toHaveBeenCalledOnce()
  })

  it('says so when no subscription is on sale', async () => {
    const { user } = await openConfirmation({ api: { loadOffer: async () => null } })
    await user.click(acceptBox())
    await user.click(continueButton())
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No subscription available' }),
    ).toBeInTheDocument()
  })

  it('logs out to the login page', async () => {
    const { user, location, api } = await openConfirmation()
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(location.current).toBe('/login'))
    expect(api.revokeSession).toHaveBeenCalledOnce()
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
  })

  it('is for registered users only: an owner goes to the start page, a guest to log in', async () => {
    const owner = renderApp({ path: PATH, signedInAs: 'owner' })
    await waitFor(() => expect(owner.location.current).toBe('/pages/dashboards/analytics'))
    owner.unmount()
    const guest = renderApp({ path: PATH })
    await waitFor(() => expect(guest.location.current).toBe('/login?redirect=%2Fpages%2Fconfirmation'))
  })
})
