import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  AUDIT_PANEL_PAGE_SIZE,
  franchisePanelMachine,
  type PanelChange,
  senderErrorType,
  toFranchisePanelView,
} from '../../machines/franchise-panel'
import { ApiError } from '../../src/api/client'
import { type AuditPage, type FranchisePanel, validateOwnerForm } from '../../src/domain/admin'
import { checkSenderId } from '../../src/domain/sender-id'
import { expectEveryStateReached } from '../support/model'

const FRANCHISE = '44444444-4444-4444-8444-444444444444'
const STORE = '66666666-6666-4666-8666-666666666666'
const input = { franchiseId: FRANCHISE }
const PANEL: FranchisePanel = {
  franchise: {
    id: FRANCHISE,
    name: 'Maison Dupont',
    codeAlpha3: 'FRA',
    currencyCode: 'EUR',
    timezone: 'Europe/Paris',
    senderId: null,
    loyaltyType: 'PASSAGE',
    dateCreated: '2026-01-01T00:00:00.000Z',
  },
  owner: { id: 'o', email: 'owner@demo.test', displayName: 'Claire', isSubscribedRetailer: true },
  clientCount: 12,
  passages30Days: 3,
  features: [],
  loyaltyModel: { id: 'm', name: 'Carte', loyaltyType: 'PASSAGE' },
  stores: [{ id: STORE, name: 'Paris', settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false } }],
}
const NO_MODEL: FranchisePanel = { ...PANEL, loyaltyModel: null }
const NO_OWNER: FranchisePanel = { ...PANEL, owner: null }
const OWNED: FranchisePanel = {
  ...PANEL,
  owner: { id: 'n', email: 'cafe@example.test', displayName: '', isSubscribedRetailer: false },
}
const AUDIT: AuditPage = {
  data: [
    {
      id: 'a',
      action: 'PATCH /api/v2/stores/:id/settings',
      target: '/api/v2/stores/x/settings',
      createdAt: '2026-11-21T10:00:00.000Z',
      actorEmail: 'owner@demo.test',
      adminEmail: 'admin@demo.test',
      statusCode: 200,
    },
  ],
  metadata: { page: 1, size: AUDIT_PANEL_PAGE_SIZE, total: 25 },
}

type Effects = { notices: string[]; calls: { actor: string; input: unknown }[] }

function harness(
  effects: Effects,
  answers: Partial<Record<string, (input: unknown) => Promise<unknown>>> = {},
) {
  const recording = (name: string) =>
    fromPromise(({ input }) => {
      effects.calls.push({ actor: name, input })
      return answers[name] ? answers[name]!(input) : new Promise<never>(() => {})
    })
  return franchisePanelMachine.provide({
    actors: {
      loadPanel: recording('loadPanel') as never,
      loadAudit: recording('loadAudit') as never,
      applyChange: recording('applyChange') as never,
      checkSender: recording('checkSender') as never,
      saveSender: recording('saveSender') as never,
      createOwner: recording('createOwner') as never,
    },
    actions: { notify: (_, p: { id: string }) => effects.notices.push(p.id) },
  })
}

const events = [
  { type: 'xstate.done.actor.loadPanel', output: PANEL },
  { type: 'xstate.done.actor.loadPanel', output: NO_MODEL },
  { type: 'xstate.error.actor.loadPanel', error: new ApiError(503, 'DOWN', 'down') },
  { type: 'panel.retry' },
  { type: 'xstate.done.actor.loadAudit', output: AUDIT },
  { type: 'xstate.error.actor.loadAudit', error: new ApiError(500, 'DOWN', 'down') },
  { type: 'audit.page', page: 2 },
  { type: 'audit.retry' },
  { type: 'panel.toggleFeature', feature: 'GAME', isEnabled: true },
  { type: 'panel.storeSetting', storeId: STORE, setting: 'hasScannerEnabled', value: true },
  { type: 'panel.storeSetting', storeId: 'unknown', setting: 'hasScannerEnabled', value: true },
  { type: 'panel.loyaltyType', loyaltyType: 'MANUAL_AMOUNT' },
  { type: 'xstate.done.actor.applyChange', output: { ...PANEL, features: ['GAME'] } },
  { type: 'xstate.error.actor.applyChange', error: new ApiError(500, 'DOWN', 'down') },
  { type: 'senderId.open' },
  { type: 'senderId.change', value: 'DUPONT' },
  { type: 'senderId.change', value: 'a b' },
  { type: 'senderId.submit' },
  { type: 'senderId.cancel' },
  { type: 'xstate.done.actor.checkSender', output: { valid: true } },
  { type: 'xstate.done.actor.checkSender', output: { valid: false, code: 'SENDER_ID_NOT_ALLOWED' } },
  { type: 'xstate.error.actor.checkSender', error: new ApiError(403, 'FORBIDDEN', 'no') },
  { type: 'xstate.done.actor.saveSender', output: {} },
  { type: 'xstate.error.actor.saveSender', error: new ApiError(400, 'SENDER_ID_TOO_LONG', 'long') },
]
// The owner of a franchise created without one, over a loaded panel.
const ownerEvents = [
  { type: 'xstate.done.actor.loadPanel', output: NO_OWNER },
  { type: 'xstate.done.actor.loadPanel', output: PANEL },
  { type: 'owner.open' },
  { type: 'owner.change', field: 'email', value: 'cafe' },
  { type: 'owner.change', field: 'email', value: 'cafe@example.test' },
  { type: 'owner.submit' },
  { type: 'owner.cancel' },
  { type: 'xstate.done.actor.createOwner', output: OWNED },
  { type: 'xstate.error.actor.createOwner', error: new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken') },
  { type: 'xstate.error.actor.createOwner', error: new ApiError(409, 'FRANCHISE_HAS_OWNER', 'owned') },
]

describe('franchise panel machine', () => {
  const pathsOf = (list: unknown[]) =>
    getShortestPaths(franchisePanelMachine, {
      events: list as never,
      input: input as never,
      serializeState: (s) => JSON.stringify({ v: s.value, c: (s as { context: unknown }).context }),
    })
  const generated = [...pathsOf(events), ...pathsOf(ownerEvents)]

  it('reaches every state', () => {
    expectEveryStateReached(franchisePanelMachine, generated)
  })

  it('replays every path: changes need a loaded panel and a known target, names are checked before saving', () => {
    expect(generated.length).toBeGreaterThan(50)
    for (const path of generated) {
      const effects: Effects = { notices: [], calls: [] }
      const actor = createActor(harness(effects), { input, clock: new SimulatedClock() }).start()
      for (const step of path.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expect(snapshot.value).toEqual(path.state.value)
      expect(snapshot.context).toEqual(path.state.context)
      for (const c of effects.calls.filter((c) => c.actor === 'applyChange')) {
        const { change, modelId } = c.input as { change: PanelChange; modelId: string | null }
        if (change.kind === 'store') expect(change.storeId).toBe(STORE)
        if (change.kind === 'loyaltyType') expect(modelId).toBe('m')
      }
      for (const c of effects.calls.filter((c) => c.actor === 'checkSender' || c.actor === 'saveSender'))
        expect(
          checkSenderId(
            (c.input as { value?: string; senderId?: string }).value ??
              (c.input as { senderId: string }).senderId,
          ).valid,
        ).toBe(true)
      for (const c of effects.calls.filter((c) => c.actor === 'loadAudit'))
        expect((c.input as { size: number }).size).toBe(AUDIT_PANEL_PAGE_SIZE)
      // An owner is only created for this franchise, with a valid e-mail, when it had none.
      for (const c of effects.calls.filter((c) => c.actor === 'createOwner')) {
        const { franchiseId, values } = c.input as { franchiseId: string; values: never }
        expect(franchiseId).toBe(FRANCHISE)
        expect(validateOwnerForm(values)).toEqual({})
      }
      if (snapshot.context.panel?.owner && !snapshot.matches({ owner: 'closed' }))
        expect(snapshot.context.panel.owner).toBeNull()
    }
  }, 60_000)

  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('keeps the status of a failed read, toggles a feature and shows the server’s panel after it', async () => {
    let fail = true
    const effects: Effects = { notices: [], calls: [] }
    const actor = createActor(
      harness(effects, {
        loadPanel: async () => {
          if (fail) throw new ApiError(503, 'DOWN', 'down')
          return PANEL
        },
        loadAudit: async () => AUDIT,
        applyChange: async () => ({ ...PANEL, features: ['GAME'] }),
      }),
      { input },
    ).start()
    await settle()
    const view = () => toFranchisePanelView(actor.getSnapshot())
    expect(view()).toMatchObject({ isFailed: true, errorCode: 503 })
    fail = false
    actor.send({ type: 'panel.retry' })
    await settle()
    expect(view()).toMatchObject({ isFailed: false, auditTotal: 25, auditPageCount: 3 })
    actor.send({ type: 'panel.toggleFeature', feature: 'GAME', isEnabled: true })
    expect(view().pending).toEqual({ kind: 'feature', feature: 'GAME', isEnabled: true })
    expect(view().canChange).toBe(false)
    await settle()
    expect(view().panel?.features).toEqual(['GAME'])
    expect(effects.notices).toEqual(['admin.panel.saved'])
  })

  it('checks a sender name on the server and reads a failed check into an error type', async () => {
    let check: () => Promise<unknown> = async () => ({ valid: false, code: 'SENDER_ID_NOT_ALLOWED' })
    const effects: Effects = { notices: [], calls: [] }
    const actor = createActor(
      harness(effects, {
        loadPanel: async () => PANEL,
        checkSender: () => check(),
        saveSender: async () => ({}),
      }),
      { input },
    ).start()
    await settle()
    const view = () => toFranchisePanelView(actor.getSnapshot())
    actor.send({ type: 'senderId.open' })
    actor.send({ type: 'senderId.change', value: 'ab' })
    expect(view().senderError).toBe('SENDER_ID_TOO_SHORT')
    actor.send({ type: 'senderId.submit' })
    expect(effects.calls.some((c) => c.actor === 'checkSender')).toBe(false)
    actor.send({ type: 'senderId.change', value: 'DUPONT' })
    actor.send({ type: 'senderId.submit' })
    await settle()
    expect(view()).toMatchObject({ isSenderOpen: true, senderError: 'SENDER_ID_NOT_ALLOWED' })
    check = async () => {
      throw new ApiError(403, 'FORBIDDEN', 'no')
    }
    actor.send({ type: 'senderId.submit' })
    await settle()
    expect(view().senderError).toBe('HTTP_403')
    check = async () => ({ valid: true })
    actor.send({ type: 'senderId.submit' })
    await settle()
    expect(view()).toMatchObject({ isSenderOpen: false, senderError: null })
    expect(view().panel?.franchise.senderId).toBe('DUPONT')
    expect(effects.notices).toEqual(['admin.senderId.saved'])
    expect(senderErrorType(new ApiError(400, 'SENDER_ID_TOO_LONG', 'x'))).toBe('SENDER_ID_TOO_LONG')
    expect(senderErrorType(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe('HTTP_0')
  })

  it('creates the owner of a franchise that has none, then shows the server’s panel with it', async () => {
    let create: () => Promise<unknown> = async () => {
      throw new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken')
    }
    const effects: Effects = { notices: [], calls: [] }
    const actor = createActor(
      harness(effects, {
        loadPanel: async () => NO_OWNER,
        loadAudit: async () => AUDIT,
        createOwner: () => create(),
      }),
      { input },
    ).start()
    await settle()
    const view = () => toFranchisePanelView(actor.getSnapshot())
    expect(view()).toMatchObject({ canCreateOwner: true, isOwnerOpen: false })
    actor.send({ type: 'owner.open' })
    actor.send({ type: 'owner.submit' })
    expect(view().ownerErrors).toEqual({ email: 'admin.create.errors.emailRequired' })
    actor.send({ type: 'owner.change', field: 'email', value: 'owner@demo.test' })
    expect(view().ownerErrors).toEqual({})
    actor.send({ type: 'owner.change', field: 'displayName', value: 'Zoé' })
    actor.send({ type: 'owner.submit' })
    expect(view()).toMatchObject({ isOwnerCreating: true, canCreateOwner: false })
    expect(effects.calls.at(-1)).toEqual({
      actor: 'createOwner',
      input: { franchiseId: FRANCHISE, values: { email: 'owner@demo.test', displayName: 'Zoé' } },
    })
    await settle()
    expect(view()).toMatchObject({
      isOwnerOpen: true,
      ownerErrors: { email: 'admin.create.errors.emailExists' },
    })
    create = async () => {
      throw new ApiError(409, 'FRANCHISE_HAS_OWNER', 'owned')
    }
    actor.send({ type: 'owner.change', field: 'email', value: 'cafe@example.test' })
    actor.send({ type: 'owner.submit' })
    await settle()
    expect(view().ownerError).toBe('admin.owner.errors.hasOwner')
    create = async () => {
      throw new ApiError(503, 'DOWN', 'down')
    }
    actor.send({ type: 'owner.submit' })
    await settle()
    expect(view().ownerError).toBe('errors.generic')
    create = async () => OWNED
    actor.send({ type: 'owner.submit' })
    await settle()
    expect(view()).toMatchObject({ isOwnerOpen: false, canCreateOwner: false })
    expect(view().panel?.owner?.email).toBe('cafe@example.test')
    expect(effects.notices).toEqual(['admin.owner.created'])
    // It has an owner now: the dialog does not open again.
    actor.send({ type: 'owner.open' })
    expect(view().isOwnerOpen).toBe(false)
  })
})
