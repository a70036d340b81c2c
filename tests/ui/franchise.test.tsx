import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { expirySettingsMachine } from '../../machines/expiry-settings/expiry-settings.machine'
import { franchiseSettingsMachine } from '../../machines/franchise-settings/franchise-settings.machine'
import { ApiError } from '../../src/api/client'
import type { ExpirySettingsResponse } from '../../src/domain/expiry'
import type { FranchiseDetail } from '../../src/domain/franchise-settings'
import { checkSenderId } from '../../src/domain/sender-id'
import { AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { FRANCHISE } from '../support/franchise-fixtures'
import { renderShell } from './shell-support'

const FIXTURE_THEME = { primaryColor: '#7c2d12', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' }

/** An in-memory franchise server: what the page's actors would reach over HTTP. */
function fakeServer(options: { load?: () => Promise<FranchiseDetail> } = {}) {
  let current: FranchiseDetail = { ...FRANCHISE, theme: FIXTURE_THEME }
  const calls: string[] = []
  const save = (changes: Partial<FranchiseDetail>) => {
    current = { ...current, ...changes }
    return current
  }
  const machine = franchiseSettingsMachine.provide({
    actors: {
      loadFranchise: fromPromise(async () => {
        calls.push('load')
        return options.load ? options.load() : current
      }),
      saveFranchise: fromPromise(async ({ input }: { input: { patch: Record<string, unknown> } }) => {
        calls.push(`patch ${JSON.stringify(input.patch)}`)
        const p = input.patch
        return save(
          'averageBasket' in p
            ? { averageBasketCents: Math.round(Number(String(p.averageBasket).replace(',', '.')) * 100) }
            : (p as Partial<FranchiseDetail>),
        )
      }),
      saveTheme: fromPromise(async ({ input }: { input: { theme: FranchiseDetail['theme'] } }) => {
        calls.push(`theme ${input.theme.primaryColor}`)
        return save({ theme: input.theme })
      }),
      saveQualification: fromPromise(
        async ({ input }: { input: { qualification: FranchiseDetail['customersQualification'] } }) =>
          save({ customersQualification: input.qualification }),
      ),
      checkSenderId: fromPromise(async ({ input }: { input: { value: string } }) => {
        calls.push(`check ${input.value}`)
        return input.value === 'Taken1'
          ? { valid: false, code: 'SENDER_ID_NOT_ALLOWED' }
          : checkSenderId(input.value)
      }),
      saveSenderId: fromPromise(async ({ input }: { input: { senderId: string } }) =>
        save({ senderId: input.senderId }),
      ),
      uploadLogo: fromPromise(async () => ({ url: '/files/franchise/new.png' })),
    } as never,
  })
  const notices: string[] = []
  return {
    machine,
    calls,
    notices,
    // The page's toasts, recorded ("level:id").
    effects: {
      ...browserEffects,
      notify: (level: string, id: string) => void notices.push(`${level}:${id}`),
    },
  }
}

// The points expiry section is expiry.test's: here its settings never answer (it stays loading, asks
// nothing of the network and shows no toast).
const EXPIRY_UNANSWERED = expirySettingsMachine.provide({
  actors: { loadSettings: fromPromise(() => new Promise<ExpirySettingsResponse>(() => {})) },
})

function renderFranchise(server = fakeServer()) {
  const app = renderShell({
    path: '/pages/franchise',
    wrap: (routes) => (
      <AppEffectsProvider value={server.effects}>
        <ProvidedMachines machines={[server.machine, EXPIRY_UNANSWERED]}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  return { ...app, server }
}
const region = (name: string) => screen.findByRole('region', { name })

describe('franchise page', () => {
  it('previews theme colours before saving, and the shell takes the saved primary colour', async () => {
    const { user, server, container } = renderFranchise()
    const theme = await region('Theme')
    const shell = container.querySelector('[data-franchise-primary]') as HTMLElement
    expect(shell).toHaveAttribute('data-franchise-primary', '#7c2d12')
    const primary = within(theme).getByRole('textbox', { name: 'Primary colour' })
    const preview = within(theme).getByRole('figure', { name: 'Preview' })
    expect(within(theme).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.clear(primary)
    await user.type(primary, '#12')
    expect(within(theme).getByText('Use a colour in #rrggbb form.')).toBeInTheDocument()
    expect(within(theme).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(primary, '3456')
    expect(preview).toHaveAttribute('data-primary', '#123456')
    // Not saved yet: the shell keeps the franchise's colour.
    expect(shell).toHaveAttribute('data-franchise-primary', '#7c2d12')
    await user.click(within(theme).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(shell).toHaveAttribute('data-franchise-primary', '#123456'))
    expect(server.calls).toContain('theme #123456')
    expect(server.notices).toContain('success:franchise.updated')
    expect(within(theme).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('cancel puts the saved colours back', async () => {
    const { user } = renderFranchise()
    const theme = await region('Theme')
    const secondary = within(theme).getByRole('textbox', { name: 'Secondary colour' })
    await user.clear(secondary)
    await user.type(secondary, '#000000')
    await user.click(within(theme).getByRole('button', { name: 'Cancel' }))
    expect(secondary).toHaveValue('#f59e0b')
  })

  it('saves the information and the loyalty rules, checking the fields', async () => {
    const { user, server } = renderFranchise()
    const info = await region('Information')
    const name = within(info).getByRole('textbox', { name: /^Name/ })
    await user.clear(name)
    expect(within(info).getByText("Enter the franchise's name.")).toBeInTheDocument()
    expect(within(info).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(name, 'Dupont & fils')
    await user.selectOptions(within(info).getByRole('combobox', { name: 'Country' }), 'CAN')
    expect(within(info).getByText(/America\/St_Johns.*CAD/)).toBeInTheDocument()
    await user.click(within(info).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls.some((c) => c.includes('"codeAlpha3":"CAN"'))).toBe(true))

    const rules = await region('Loyalty rules')
    await user.click(within(rules).getByRole('checkbox', { name: 'Limit the points a client can hold' }))
    expect(within(rules).getByText('Enter the maximum, or turn the limit off.')).toBeInTheDocument()
    await user.type(within(rules).getByRole('textbox', { name: 'Maximum points' }), '300')
    // Static tags (issue 16 #5): off by default, the cap field with it.
    const cap = within(rules).getByRole('textbox', { name: /Visits per phone per day without the code/ })
    expect(cap).toBeDisabled()
    await user.click(within(rules).getByRole('checkbox', { name: /Accept printed and NFC tags/ }))
    await user.clear(cap)
    await user.type(cap, '25')
    expect(within(rules).getByText('Enter a whole number from 1 to 20.')).toBeInTheDocument()
    await user.clear(cap)
    await user.type(cap, '2')
    await user.click(within(rules).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(server.calls).toContain(
        'patch {"tagScanInterval":600,"maxPoints":300,"hasMaxPointsEnabled":true,"allowStaticTags":true,"staticTagDailyVisitCap":2,"newsMaxConcurrent":3}',
      ),
    )
  })

  it('sender name: domain rules while typing, the server check, then save', async () => {
    const { user, server } = renderFranchise()
    const settings = await region('Clients and messages')
    expect(within(settings).getByText('No sender name yet.')).toBeInTheDocument()
    await user.click(within(settings).getByRole('button', { name: 'Edit sender name' }))
    const dialog = await screen.findByRole('dialog', { name: 'SMS sender name' })
    const input = within(dialog).getByRole('textbox', { name: 'Sender name' })
    await user.type(input, 'Du pont')
    expect(within(dialog).getByText('The sender name cannot contain spaces.')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'Taken1')
    expect(await within(dialog).findByText('This sender name is not allowed.')).toBeInTheDocument()
    expect(server.calls).toContain('check Taken1')
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.clear(input)
    await user.type(input, 'Dupont75')
    expect(await within(dialog).findByText('This name can be used.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(settings).getByText('SMS are sent as: Dupont75')).toBeInTheDocument()
  })

  it('client qualification and average basket dialogs', async () => {
    const { user } = renderFranchise()
    const settings = await region('Clients and messages')
    expect(
      within(settings).getByText('A client becomes lost after 3 months without a visit.'),
    ).toBeInTheDocument()
    await user.click(within(settings).getByRole('button', { name: 'Edit qualification' }))
    let dialog = await screen.findByRole('dialog', { name: 'Client qualification' })
    const value = within(dialog).getByRole('textbox', { name: 'Time without a visit' })
    await user.clear(value)
    await user.type(value, '30')
    expect(within(dialog).getByText('Enter a whole number from 1 to 24.')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'days')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      within(settings).getByText('A client becomes lost after 30 days without a visit.'),
    ).toBeInTheDocument()

    await user.click(within(settings).getByRole('button', { name: 'Edit average basket' }))
    dialog = await screen.findByRole('dialog', { name: 'Average basket' })
    const amount = within(dialog).getByRole('textbox', { name: 'Average basket (EUR)' })
    await user.clear(amount)
    await user.type(amount, '14,9')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(settings).getByText('Average basket: €14.90')).toBeInTheDocument()
  })

  it('shows franchise-not-found, and a load error with a retry', async () => {
    let fail = true
    const server = fakeServer({
      load: async () => {
        if (fail) throw new ApiError(500, 'INTERNAL', 'down')
        return FRANCHISE
      },
    })
    const { user } = renderFranchise(server)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the franchise.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await region('Theme')).toBeInTheDocument()
  })

  it('a 404 reads franchise not found', async () => {
    renderFranchise(
      fakeServer({ load: async () => Promise.reject(new ApiError(404, 'FRANCHISE_NOT_FOUND', 'x')) }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Franchise not found.')
  })
})
