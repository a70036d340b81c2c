// The profile page in the signed-in app (real session, shell, preferences and profile machines) on fakes.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { profileMachine } from '../../machines/profile/profile.machine'
import { subscriptionMachine } from '../../machines/subscription/subscription.machine'
import { ApiError } from '../../src/api/client'
import type { UserInfo } from '../../src/domain/auth'
import type { SubscriptionDetail } from '../../src/domain/subscription'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { RecordNotices } from '../support/notices'
import { renderShell } from './shell-support'

function fakes(subscribed = true) {
  let info: UserInfo | null = null
  const state = {
    failLoad: false,
    saved: [] as unknown[],
    uploads: [] as File[],
    opened: [] as string[],
    notices: [] as string[],
  }
  const machines = [
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise(async ({ input }) => {
          if (state.failLoad) throw new ApiError(500, 'X', 'down')
          info ??= {
            id: input.userId,
            email: 'camille@demo.test',
            role: 'FRANCHISE_OWNER',
            displayName: 'Camille Dupont',
            photoURL: null,
            hasAcceptedCGV: true,
            isSubscribedRetailer: subscribed,
            isSuperAdmin: false,
            stripeId: null,
            data: { displayName: 'Camille Dupont', photoURL: null, email: 'camille@demo.test', settings: {} },
          }
          return info
        }),
        saveProfile: fromPromise(async ({ input }) => {
          state.saved.push(input.patch)
          info = { ...info!, ...input.patch }
          return info
        }),
        uploadPhoto: fromPromise(async ({ input }) => {
          state.uploads.push(input.file)
          info = { ...info!, photoURL: '/files/profile/me.png' }
          return info
        }),
      },
    }),
    subscriptionMachine.provide({
      actors: {
        loadSubscription: fromPromise<SubscriptionDetail, { userId: string }>(async () => ({
          status: subscribed ? 'active' : 'inactive',
          isSubscribedRetailer: subscribed,
          since: subscribed ? '2026-03-01T10:00:00.000Z' : null,
          plan: subscribed
            ? { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' }
            : null,
          cancelAtPeriodEnd: false,
          currentPeriodEnd: subscribed ? '2099-01-15T10:00:00.000Z' : null,
          invoices: [],
        })),
        paymentLink: fromPromise(async () => ({ url: 'http://127.0.0.1/checkout/abc' })),
      },
      // jsdom cannot leave the page: the test records where it would go.
      actions: { openUrl: (_, p: { url: string }) => state.opened.push(p.url) },
    }),
  ]
  return { machines, state }
}

function renderProfile(subscribed = true, configure?: (s: ReturnType<typeof fakes>['state']) => void) {
  const { machines, state } = fakes(subscribed)
  configure?.(state)
  const app = renderShell({
    path: '/pages/profile',
    wrap: (routes) => (
      <RecordNotices notices={state.notices}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </RecordNotices>
    ),
  })
  return { ...app, state }
}

const section = (name: string) => screen.findByRole('region', { name })

describe('profile page', () => {
  it('shows the information with a read-only e-mail, and saves a new display name', async () => {
    const { user, state } = renderProfile()
    const info = await section('Information')
    const name = await within(info).findByRole('textbox', { name: /Display name/ })
    expect(name).toHaveValue('Camille Dupont')
    expect(within(info).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly')
    expect(within(info).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.clear(name)
    await user.click(within(info).getByRole('button', { name: 'Save' }))
    expect(within(info).getByText('Enter a display name.')).toBeInTheDocument()
    expect(state.saved).toEqual([])
    await user.type(name, 'Camille D.{Enter}')
    await waitFor(() => expect(state.saved).toEqual([{ displayName: 'Camille D.' }]))
    expect(state.notices).toContain('success:profile.info.saved')
  })

  it('uploads a photo through the machine', async () => {
    const { user, state } = renderProfile()
    const info = await section('Information')
    await within(info).findByRole('textbox', { name: /Display name/ })
    const input = info.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }))
    await waitFor(() => expect(state.uploads).toHaveLength(1))
    await waitFor(() => expect(within(info).getByRole('img')).toHaveAttribute('src', '/files/profile/me.png'))
  })

  it('offers to subscribe when not subscribed, and opens the payment link (subscription machine)', async () => {
    const { user, state } = renderProfile(false)
    const sub = await section('Subscription')
    expect(await within(sub).findByRole('status')).toHaveTextContent(/no active subscription/i)
    await user.click(within(sub).getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(state.opened).toEqual(['http://127.0.0.1/checkout/abc']))
  })

  it('shows an active subscription with its renewal and the way to cancel it', async () => {
    renderProfile(true)
    const sub = await section('Subscription')
    expect(await within(sub).findByRole('status')).toHaveTextContent('Active: renews on January 15, 2099.')
    expect(within(sub).getByText('Loyalty Pro · €49.00 per month')).toBeInTheDocument()
    expect(within(sub).getByRole('button', { name: 'Cancel at the end of the period' })).toBeInTheDocument()
    expect(within(sub).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument()
  })

  it('retries a failed load', async () => {
    const { user, state } = renderProfile(true, (s) => {
      s.failLoad = true
    })
    const info = await section('Information')
    expect(await within(info).findByRole('alert')).toHaveTextContent('Your profile could not be loaded.')
    state.failLoad = false
    await user.click(within(info).getByRole('button', { name: 'Retry' }))
    expect(await within(info).findByRole('textbox', { name: /Display name/ })).toHaveValue('Camille Dupont')
  })

  it('saves the start page locally and changes language and theme through the preferences', async () => {
    const { user, saves } = renderProfile()
    const prefs = await section('Preferences')
    await user.selectOptions(
      within(prefs).getByRole('combobox', { name: 'Start page' }),
      '/pages/user/clients',
    )
    expect(localStorage.getItem('lb.startPage')).toBe('/pages/user/clients')
    await user.selectOptions(within(prefs).getByRole('combobox', { name: 'Theme' }), 'dark')
    await waitFor(() => expect(localStorage.getItem('lb.theme')).toBe('dark'))
    await user.selectOptions(within(prefs).getByRole('combobox', { name: 'Language' }), 'fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument()
    await waitFor(() => expect(saves.at(-1)?.settings).toMatchObject({ language: 'fr', theme: 'dark' }), {
      timeout: 3000,
    })
  })
})
