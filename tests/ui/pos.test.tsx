// The store screen's "Point of sale" section and its dialog, driven like a user on an in-memory back end:
// connect a store (NOT_FOUND → empty form), field errors, save and update toasts, copy and regenerate the
// secret after a confirmation, the webhook status, products and orders, and the load failure's retry.
import { screen, waitFor, within } from '@testing-library/react'
import mermaid from 'mermaid'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { PosActivity, SavePosInput } from '../../machines/pos-integration/pos-integration.machine'
import { posIntegrationMachine } from '../../machines/pos-integration/pos-integration.machine'
import { ApiError } from '../../src/api/client'
import type { PosAccount } from '../../src/domain/pos'
import { PosIntegrationSection } from '../../src/features/pos/PosIntegrationSection'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { machineToMermaid } from '../../stories/support/machine-mermaid'
import { renderUi } from './render'

const STORE = '22222222-2222-4222-8222-000000000010'
const ACCOUNT_ID = '33333333-3333-4333-8333-000000000001'

function backend(options: { account?: boolean; failLoads?: number; failSave?: boolean } = {}) {
  let failures = options.failLoads ?? 0
  let secretN = 1
  let account: PosAccount | null = null
  const make = (body: SavePosInput['body']): PosAccount => ({
    id: ACCOUNT_ID,
    franchiseId: '11111111-1111-4111-8111-111111111111',
    storeId: STORE,
    ...body,
    posType: body.posType ?? null,
    receiptDeletionDelay: body.receiptDeletionDelay ?? 0,
    webhookSecret: String(secretN).repeat(64),
    webhookUrl: `http://localhost:3000/api/pos/webhook/${ACCOUNT_ID}`,
    lastWebhookAt: null,
  })
  if (options.account)
    account = make({
      type: 'LOCAL',
      providerStoreId: 'DUPONT-MARAIS',
      posType: 'Caisse',
      canSync: true,
      canManageCurrentSale: false,
      canRedeemLoyaltyOffer: false,
      hasClickAndCollect: false,
      resetDelay: 180,
      linkReceiptDelay: 86400,
      receiptDeletionDelay: 0,
    })
  const activity = (): PosActivity => ({
    status: account
      ? { configured: true, lastWebhookAt: '2026-11-21T10:00:00.000Z', state: 'OK' }
      : { configured: false, lastWebhookAt: null, state: 'NOT_CONFIGURED' },
    products: account ? [{ id: 'CROISS', name: 'Croissant', priceCents: 120, currencyCode: 'EUR' }] : [],
    orders: account
      ? [
          {
            id: '44444444-4444-4444-8444-000000000001',
            storeId: STORE,
            receiptId: 'R-1001',
            lines: [{ productId: 'CROISS', name: 'Croissant', quantity: 3, unitPriceCents: 120 }],
            totalCents: 360,
            currencyCode: 'EUR',
            orderedAt: '2026-11-21T09:55:00.000Z',
            receivedAt: '2026-11-21T09:55:01.000Z',
            linkedAt: null,
            linkedClientId: null,
          },
        ]
      : [],
  })
  const api = {
    search: vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
      if (!account) throw new ApiError(404, 'NOT_FOUND', 'none')
      return account
    }),
    activity: vi.fn(async () => activity()),
    save: vi.fn(async (input: SavePosInput) => {
      if (options.failSave) throw new ApiError(500, 'HTTP_500', 'down')
      account = {
        ...make(input.body),
        webhookSecret: account?.webhookSecret ?? make(input.body).webhookSecret,
      }
      return account
    }),
    regenerate: vi.fn(async () => {
      secretN += 1
      account = { ...account!, webhookSecret: String(secretN).repeat(64) }
      return account
    }),
  }
  return api
}

function renderPos(api = backend()) {
  const notices: string[] = []
  const copied: string[] = []
  const effects: AppEffects = { ...browserEffects, notify: (level, id) => notices.push(`${level}:${id}`) }
  const machine = posIntegrationMachine.provide({
    actors: {
      loadAccount: fromPromise(() => api.search()),
      loadActivity: fromPromise(() => api.activity()),
      saveAccount: fromPromise(({ input }) => api.save(input)),
      regenerateSecret: fromPromise(() => api.regenerate()),
    },
  })
  const ui = renderUi(
    <AppEffectsProvider value={effects}>
      <ProvidedMachines machines={[machine]}>
        <PosIntegrationSection storeId={STORE} />
      </ProvidedMachines>
    </AppEffectsProvider>,
  )
  // The page copies through the browser's clipboard (user-event's stand-in, set up by renderUi).
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
    copied.push(text)
  })
  return { ...ui, api, notices, copied }
}

const openDialog = async (user: ReturnType<typeof renderPos>['user']) => {
  const section = screen.getByRole('region', { name: 'Point of sale' })
  await user.click(within(section).getByRole('button', { name: 'POS integration' }))
  return screen.findByRole('dialog', { name: 'Point-of-sale integration' })
}

describe('POS integration', () => {
  it('reads nothing until opened, then offers to connect a store without account', async () => {
    const { user, api, notices } = renderPos()
    expect(api.search).not.toHaveBeenCalled()
    const dialog = await openDialog(user)
    expect(await within(dialog).findByRole('note')).toHaveTextContent('not connected to a point of sale yet')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(within(dialog).getByText('Not connected')).toBeInTheDocument()
    expect(within(dialog).getByText(/appear once the store is connected/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }))
    expect(within(dialog).getByText('Required')).toBeInTheDocument()
    expect(api.save).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: /Store id at the provider/ }), 'SHOP-1')
    const delay = within(dialog).getByRole('textbox', { name: 'Receipt link delay (seconds)' })
    await user.clear(delay)
    await user.type(delay, '30')
    expect(within(dialog).getByText('Between 60 and 2592000 seconds')).toBeInTheDocument()
    await user.clear(delay)
    await user.type(delay, '3600')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Click and collect' }))
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Connection' }), 'API')
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }))
    await waitFor(() => expect(notices).toEqual(['success:pos.messages.updateSuccessfully']))
    expect(api.save.mock.calls[0]![0]).toMatchObject({
      storeId: STORE,
      accountId: null,
      body: { type: 'API', providerStoreId: 'SHOP-1', linkReceiptDelay: 3600, hasClickAndCollect: true },
    })
    // Connected: the webhook address and secret show, the button now saves.
    expect(await within(dialog).findByRole('textbox', { name: 'Secret' })).toHaveValue('1'.repeat(64))
    expect(within(dialog).getByRole('textbox', { name: 'Webhook address' })).toHaveValue(
      `http://localhost:3000/api/pos/webhook/${ACCOUNT_ID}`,
    )
    await waitFor(() => expect(within(dialog).getByText('Receiving')).toBeInTheDocument())
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('shows the account, status, products and orders; updates; copies; regenerates after a confirmation', async () => {
    const { user, api, notices, copied } = renderPos(backend({ account: true }))
    const dialog = await openDialog(user)
    expect(await within(dialog).findByRole('textbox', { name: /Store id at the provider/ })).toHaveValue(
      'DUPONT-MARAIS',
    )
    expect(within(dialog).getByText('Receiving')).toBeInTheDocument()
    const orders = within(dialog).getByRole('table', { name: 'Last orders' })
    expect(within(orders).getByRole('cell', { name: 'R-1001' })).toBeInTheDocument()
    expect(within(orders).getByText('3 × Croissant')).toBeInTheDocument()
    expect(within(orders).getByText('Not linked')).toBeInTheDocument()
    const products = within(dialog).getByRole('table', { name: 'Products (1)' })
    expect(within(products).getByText('€1.20')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }))
    await user.click(within(dialog).getByRole('button', { name: 'Copy the webhook address' }))
    await waitFor(() =>
      expect(copied).toEqual(['1'.repeat(64), `http://localhost:3000/api/pos/webhook/${ACCOUNT_ID}`]),
    )
    await waitFor(() => expect(notices).toContain('success:pos.messages.copied'))

    await user.click(within(dialog).getByRole('checkbox', { name: 'Synchronise orders' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1))
    expect(api.save.mock.calls[0]![0]).toMatchObject({ accountId: ACCOUNT_ID, body: { canSync: false } })

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate the secret' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Regenerate the secret?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.regenerate).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate the secret' }))
    confirm = await screen.findByRole('alertdialog', { name: 'Regenerate the secret?' })
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue('2'.repeat(64)),
    )
    expect(notices).toContain('success:pos.messages.secretRegenerated')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Point-of-sale integration' })).toBeNull(),
    )
  })

  it('toasts updateFailed and keeps what was typed when saving fails', async () => {
    const { user, notices } = renderPos(backend({ account: true, failSave: true }))
    const dialog = await openDialog(user)
    const field = await within(dialog).findByRole('textbox', { name: /Store id at the provider/ })
    await user.clear(field)
    await user.type(field, 'NEW-ID')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(notices).toEqual(['error:pos.errors.updateFailed']))
    expect(field).toHaveValue('NEW-ID')
  })

  it('shows fetch-integration-failed with a retry when the account cannot be read', async () => {
    const { user, api } = renderPos(backend({ account: true, failLoads: 1 }))
    const dialog = await openDialog(user)
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('The point-of-sale integration could not be loaded')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByRole('textbox', { name: /Store id at the provider/ })).toHaveValue(
      'DUPONT-MARAIS',
    )
    expect(api.search).toHaveBeenCalledTimes(2)
  })

  it('has a diagram story Mermaid can draw, with every invoked actor', async () => {
    const source = machineToMermaid(posIntegrationMachine)
    await expect(mermaid.parse(source)).resolves.toMatchObject({ diagramType: 'stateDiagram' })
    for (const actor of ['loadAccount', 'loadActivity', 'saveAccount', 'regenerateSecret'])
      expect(source).toContain(`invoke ${actor}`)
  })
})
