import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  FETCH_FAILED,
  type PosActivity,
  posIntegrationMachine,
  type SavePosInput,
  toPosIntegrationView,
  UPDATE_FAILED,
  UPDATE_SUCCESS,
} from '../../machines/pos-integration'
import { ApiError } from '../../src/api/client'
import type { PosAccount } from '../../src/domain/pos'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const STORE_ID = '00000000-0000-4000-8000-000000000001'
const ACCOUNT: PosAccount = {
  id: '00000000-0000-4000-8000-0000000000aa',
  franchiseId: '11111111-1111-4111-8111-111111111111',
  storeId: STORE_ID,
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
  webhookSecret: 'a'.repeat(64),
  webhookUrl: 'http://localhost:3000/api/pos/webhook/00000000-0000-4000-8000-0000000000aa',
  lastWebhookAt: null,
}
const ACTIVITY: PosActivity = {
  status: { configured: true, lastWebhookAt: null, state: 'NEVER' },
  products: [{ id: 'CROISS', name: 'Croissant', priceCents: 120, currencyCode: 'EUR' }],
  orders: [],
}
const input = { storeId: STORE_ID }
const notFound = new ApiError(404, 'NOT_FOUND', 'none')
const down = new ApiError(500, 'HTTP_500', 'down')

const events = [
  { type: 'pos.open' },
  { type: 'pos.close' },
  { type: 'pos.retry' },
  { type: 'xstate.done.actor.loadAccount', output: ACCOUNT },
  { type: 'xstate.error.actor.loadAccount', error: notFound },
  { type: 'xstate.error.actor.loadAccount', error: down },
  { type: 'xstate.done.actor.loadActivity', output: ACTIVITY },
  { type: 'xstate.error.actor.loadActivity', error: down },
  { type: 'pos.change', field: 'providerStoreId', value: 'SHOP-1' },
  { type: 'pos.change', field: 'linkReceiptDelay', value: '5' },
  { type: 'pos.save' },
  { type: 'xstate.done.actor.saveAccount', output: ACCOUNT },
  { type: 'xstate.error.actor.saveAccount', error: down },
  { type: 'pos.regenerate' },
  { type: 'pos.confirm' },
  { type: 'pos.cancel' },
  { type: 'xstate.done.actor.regenerateSecret', output: { ...ACCOUNT, webhookSecret: 'b'.repeat(64) } },
  { type: 'xstate.error.actor.regenerateSecret', error: down },
  { type: 'pos.refresh' },
  { type: 'pos.copy', what: 'webhookSecret' },
]

const ACTORS = ['loadAccount', 'loadActivity', 'saveAccount', 'regenerateSecret']

function harness(calls: Calls, notices: string[], copied: string[] = []) {
  return posIntegrationMachine.provide({
    actors: recordingActors(ACTORS, calls) as never,
    actions: {
      notify: (_, p: { id: string }) => notices.push(p.id),
      copy: (_, p: { text: string }) => copied.push(p.text),
    },
  })
}

/** What the dialog must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toPosIntegrationView>,
  calls: Calls,
  copied: string[],
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  // The account as the server last gave it (read, saved or with a new secret).
  const account = events.findLast((e) =>
    /^xstate\.done\.actor\.(loadAccount|saveAccount|regenerateSecret)$/.test(e.type),
  )?.output as PosAccount | undefined
  switch (last?.type) {
    case undefined:
    case 'pos.close':
      expect(view.isOpen).toBe(false)
      break
    case 'pos.open':
    case 'pos.retry':
      expect(view.isLoading).toBe(true)
      expect(lastCall).toEqual({ actor: 'loadAccount', input: { storeId: STORE_ID } })
      break
    case 'xstate.done.actor.loadAccount':
      expect(view).toMatchObject({ isLoading: true, account: ACCOUNT })
      expect(lastCall?.actor).toBe('loadActivity')
      break
    case 'xstate.error.actor.loadAccount':
      // No account yet (404) is an empty form to fill; anything else is a failure with a retry.
      if ((last.error as ApiError).status === 404) {
        expect(view).toMatchObject({ isNew: true, isFailed: false })
        expect(lastCall?.actor).toBe('loadActivity')
      } else expect(view).toMatchObject({ isFailed: true, error: FETCH_FAILED })
      break
    case 'xstate.done.actor.loadActivity':
      expect(view).toMatchObject({ isEditing: true, status: ACTIVITY.status, products: ACTIVITY.products })
      break
    case 'xstate.error.actor.loadActivity':
      expect(view.isLoading).toBe(false)
      break
    case 'pos.change':
      expect(view.values).toMatchObject({ [last.field as string]: last.value })
      break
    case 'pos.save':
      if (view.isSaving) expect(lastCall?.actor).toBe('saveAccount')
      else expect(Object.keys(view.errors).length).toBeGreaterThan(0)
      break
    case 'xstate.done.actor.saveAccount':
      expect(view).toMatchObject({ isEditing: true, isSaving: false, account: ACCOUNT, hasChanges: false })
      break
    case 'xstate.error.actor.saveAccount':
      expect(view).toMatchObject({ isEditing: true, isSaving: false })
      break
    case 'pos.regenerate':
      expect(view.isConfirmingRegenerate).toBe(true)
      break
    case 'pos.confirm':
      expect(view.isRegenerating).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'regenerateSecret' })
      break
    case 'pos.cancel':
      expect(view).toMatchObject({ isConfirmingRegenerate: false, isEditing: true })
      break
    case 'xstate.done.actor.regenerateSecret':
      expect(view).toMatchObject({ isEditing: true, account: last.output })
      break
    case 'xstate.error.actor.regenerateSecret':
      expect(view).toMatchObject({ isEditing: true, account })
      break
    case 'pos.refresh':
      expect(view.isRefreshing).toBe(true)
      expect(lastCall?.actor).toBe('loadActivity')
      break
    case 'pos.copy':
      expect(copied.at(-1)).toBe(account?.webhookSecret)
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('pos integration machine', () => {
  const paths = generatePaths(posIntegrationMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(posIntegrationMachine, paths)
  })

  it('replays every path: saves only valid forms, regenerates only a confirmed existing account', () => {
    expect(paths.length).toBeGreaterThan(20)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const copied: string[] = []
      const snap = replay(harness(calls, notices, copied), path.steps, input)
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toPosIntegrationView(snap),
        calls,
        copied,
      )
      for (const c of calls.filter((x) => x.actor === 'saveAccount')) {
        const body = (c.input as SavePosInput).body
        expect(body.providerStoreId).not.toBe('')
        expect(body.linkReceiptDelay).toBeGreaterThanOrEqual(60)
      }
      const types = path.steps.map((s) => s.event.type)
      if (calls.some((c) => c.actor === 'regenerateSecret')) {
        expect(types).toContain('pos.confirm')
        expect(types).toContain('xstate.done.actor.loadAccount')
      }
      // NOT_FOUND never shows the failure; any other load failure does.
      if (toPosIntegrationView(snap).isFailed) expect(toPosIntegrationView(snap).error).toBe(FETCH_FAILED)
      for (const text of copied) expect(text).toMatch(/^[ab]{64}$/)
    })
  })

  it('opens on an empty form when the store has no account, and creates it', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input }).start()
    expect(calls).toEqual([])
    actor.send({ type: 'pos.open' })
    expect(calls[0]).toEqual({ actor: 'loadAccount', input: { storeId: STORE_ID } })
    actor.send({ type: 'xstate.error.actor.loadAccount', error: notFound } as never)
    actor.send({
      type: 'xstate.done.actor.loadActivity',
      output: { ...ACTIVITY, status: { configured: false, lastWebhookAt: null, state: 'NOT_CONFIGURED' } },
    } as never)
    let view = toPosIntegrationView(actor.getSnapshot())
    expect([view.isEditing, view.isNew, view.error, view.canSave, view.canRegenerate]).toEqual([
      true,
      true,
      null,
      true,
      false,
    ])
    actor.send({ type: 'pos.save' })
    view = toPosIntegrationView(actor.getSnapshot())
    expect(view.errors).toEqual({ providerStoreId: 'pos.form.errors.required' })
    expect(calls.filter((c) => c.actor === 'saveAccount')).toHaveLength(0)
    actor.send({ type: 'pos.change', field: 'providerStoreId', value: ' SHOP-1 ' })
    actor.send({ type: 'pos.toggle', flag: 'hasClickAndCollect' })
    actor.send({ type: 'pos.setType', value: 'API' })
    actor.send({ type: 'pos.save' })
    expect(calls.at(-1)).toEqual({
      actor: 'saveAccount',
      input: {
        storeId: STORE_ID,
        accountId: null,
        body: expect.objectContaining({ type: 'API', providerStoreId: 'SHOP-1', hasClickAndCollect: true }),
      },
    })
    actor.send({ type: 'xstate.done.actor.saveAccount', output: ACCOUNT } as never)
    expect(notices).toEqual([UPDATE_SUCCESS])
    expect(actor.getSnapshot().value).toEqual({ open: 'refreshing' })
    expect(calls.at(-1)?.actor).toBe('loadActivity')
    actor.send({ type: 'xstate.done.actor.loadActivity', output: ACTIVITY } as never)
    view = toPosIntegrationView(actor.getSnapshot())
    expect([view.isNew, view.canSave, view.status?.state]).toEqual([false, false, 'NEVER'])
  })

  it('shows fetch-integration-failed with a retry on other load failures', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input }).start()
    actor.send({ type: 'pos.open' })
    actor.send({ type: 'xstate.error.actor.loadAccount', error: down } as never)
    expect(toPosIntegrationView(actor.getSnapshot())).toMatchObject({ isFailed: true, error: FETCH_FAILED })
    actor.send({ type: 'pos.retry' })
    expect(calls.filter((c) => c.actor === 'loadAccount')).toHaveLength(2)
  })

  it('updates, toasts a failure and keeps the form; regenerates after a confirmation; copies the secret', () => {
    const calls: Calls = []
    const notices: string[] = []
    const copied: string[] = []
    const actor = createActor(harness(calls, notices, copied), { input }).start()
    actor.send({ type: 'pos.open' })
    actor.send({ type: 'xstate.done.actor.loadAccount', output: ACCOUNT } as never)
    actor.send({ type: 'xstate.done.actor.loadActivity', output: ACTIVITY } as never)
    expect(toPosIntegrationView(actor.getSnapshot()).canSave).toBe(false)
    actor.send({ type: 'pos.change', field: 'linkReceiptDelay', value: '3600' })
    actor.send({ type: 'pos.save' })
    expect((calls.at(-1)!.input as SavePosInput).accountId).toBe(ACCOUNT.id)
    actor.send({ type: 'xstate.error.actor.saveAccount', error: down } as never)
    expect(notices).toEqual([UPDATE_FAILED])
    expect(actor.getSnapshot().context.values.linkReceiptDelay).toBe('3600')
    actor.send({ type: 'pos.copy', what: 'webhookSecret' })
    actor.send({ type: 'pos.copy', what: 'webhookUrl' })
    expect(copied).toEqual([ACCOUNT.webhookSecret, ACCOUNT.webhookUrl])
    actor.send({ type: 'pos.regenerate' })
    actor.send({ type: 'pos.cancel' })
    expect(calls.some((c) => c.actor === 'regenerateSecret')).toBe(false)
    actor.send({ type: 'pos.regenerate' })
    actor.send({ type: 'pos.confirm' })
    actor.send({
      type: 'xstate.done.actor.regenerateSecret',
      output: { ...ACCOUNT, webhookSecret: 'b'.repeat(64) },
    } as never)
    const c = actor.getSnapshot().context
    // The new secret shows; what was being typed stays.
    expect([c.account?.webhookSecret, c.values.linkReceiptDelay]).toEqual(['b'.repeat(64), '3600'])
    expect(notices.at(-1)).toBe('pos.messages.secretRegenerated')
  })

  it('runs end to end on answering fixtures with a simulated clock', async () => {
    let saved: SavePosInput | null = null
    const fixtures = {
      loadAccount: fromPromise(async () => {
        throw notFound
      }),
      loadActivity: fromPromise(async () => ACTIVITY),
      saveAccount: fromPromise(async ({ input: i }: { input: SavePosInput }) => {
        saved = i
        return { ...ACCOUNT, providerStoreId: i.body.providerStoreId }
      }),
      regenerateSecret: fromPromise(async () => ACCOUNT),
    }
    const actor = createActor(posIntegrationMachine.provide({ actors: fixtures as never }), {
      input,
      clock: new SimulatedClock(),
    }).start()
    actor.send({ type: 'pos.open' })
    await waitFor(actor, (s) => s.matches({ open: 'editing' }))
    actor.send({ type: 'pos.change', field: 'providerStoreId', value: 'SHOP-9' })
    actor.send({ type: 'pos.save' })
    await waitFor(actor, (s) => s.matches({ open: 'editing' }))
    expect(saved!.body.providerStoreId).toBe('SHOP-9')
    expect(toPosIntegrationView(actor.getSnapshot()).account?.providerStoreId).toBe('SHOP-9')
    actor.send({ type: 'pos.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })
})
