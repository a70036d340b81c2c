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
import { checkEachPath, expectEveryStateReached } from '../support/model'

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

/** What the panel must show after a path's last event, from the events alone. */
function expectLastEventShown(
  events: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toFranchisePanelView>,
  effects: Effects,
) {
  const last = events.at(-1)
  const lastCall = effects.calls.at(-1)
  const loaded = events.findLast(
    (e) =>
      e.type === 'xstate.done.actor.loadPanel' ||
      e.type === 'xstate.done.actor.applyChange' ||
      e.type === 'xstate.done.actor.createOwner',
  )?.output as FranchisePanel | undefined
  // A change is only sent about a loaded panel.
  const firstLoad = events.findIndex((e) =>
    /^xstate\.done\.actor\.(loadPanel|applyChange|createOwner)$/.test(e.type),
  )
  const changes = ['panel.toggleFeature', 'panel.storeSetting', 'panel.loyaltyType']
  const changeAt = events.findIndex((e) => changes.includes(e.type))
  if (changeAt >= 0) expect(firstLoad).toBeGreaterThanOrEqual(0)
  if (changeAt >= 0) expect(firstLoad).toBeLessThan(changeAt)
  // The name typed, starting from the franchise's own when the dialog opens.
  let sender = ''
  let stored: string | null = null
  for (const e of events) {
    if (/^xstate\.done\.actor\.(loadPanel|applyChange|createOwner)$/.test(e.type))
      stored = (e.output as FranchisePanel).franchise.senderId
    if (e.type === 'xstate.done.actor.saveSender') stored = sender
    if (e.type === 'senderId.open') sender = stored ?? ''
    if (e.type === 'senderId.change') sender = e.value as string
  }
  switch (last?.type) {
    case undefined:
    case 'panel.retry':
      expect(view.isLoading).toBe(true)
      expect(effects.calls.some((c) => c.actor === 'loadPanel')).toBe(true)
      break
    case 'xstate.done.actor.loadPanel':
    case 'xstate.done.actor.applyChange':
      expect(view.panel).toEqual(last.output)
      if (last.type.endsWith('loadPanel')) expect(view.isLoading).toBe(false)
      else {
        expect(view.pending).toBeNull()
        expect(effects.notices.at(-1)).toBe('admin.panel.saved')
      }
      break
    case 'xstate.error.actor.loadPanel':
      expect(view).toMatchObject({ isFailed: true, errorCode: (last.error as ApiError).status, panel: null })
      break
    case 'xstate.done.actor.loadAudit':
      expect(view).toMatchObject({
        isAuditLoading: false,
        audit: AUDIT.data,
        auditTotal: AUDIT.metadata.total,
      })
      break
    case 'xstate.error.actor.loadAudit':
      expect(view).toMatchObject({ isAuditFailed: true, audit: [] })
      break
    case 'audit.page':
    case 'audit.retry':
      expect(view.isAuditLoading).toBe(true)
      expect(lastCall).toMatchObject({
        actor: 'loadAudit',
        input: { page: last.type === 'audit.page' ? last.page : view.auditPage },
      })
      break
    case 'panel.toggleFeature':
    case 'panel.storeSetting':
    case 'panel.loyaltyType':
      expect(view.pending).not.toBeNull()
      expect(view.canChange).toBe(false)
      expect(lastCall?.actor).toBe('applyChange')
      break
    case 'xstate.error.actor.applyChange':
      expect(view.pending).toBeNull()
      expect(view.panel).toEqual(loaded)
      expect(effects.notices.at(-1)).toBe('admin.panel.saveError')
      break
    case 'senderId.open':
    case 'senderId.change':
      expect(view).toMatchObject({ isSenderOpen: true, isSenderBusy: false, senderInput: sender })
      break
    case 'senderId.submit':
      if (checkSenderId(sender).valid) {
        expect(view.isSenderChecking).toBe(true)
        expect(lastCall).toEqual({ actor: 'checkSender', input: { value: sender } })
      } else expect(view).toMatchObject({ isSenderBusy: false, isSenderOpen: true })
      if (!checkSenderId(sender).valid) expect(view.senderError).not.toBeNull()
      break
    case 'senderId.cancel':
      expect(view.isSenderOpen).toBe(false)
      break
    case 'xstate.done.actor.checkSender':
      if ((last.output as { valid: boolean }).valid) {
        expect(view.isSenderBusy).toBe(true)
        expect(lastCall).toEqual({ actor: 'saveSender', input: { franchiseId: FRANCHISE, senderId: sender } })
      } else expect(view).toMatchObject({ isSenderBusy: false, isSenderOpen: true })
      if (!(last.output as { valid: boolean }).valid) expect(view.senderError).not.toBeNull()
      break
    case 'xstate.error.actor.checkSender':
    case 'xstate.error.actor.saveSender':
      expect(view).toMatchObject({ isSenderBusy: false, isSenderOpen: true })
      expect(view.senderError).not.toBeNull()
      break
    case 'xstate.done.actor.saveSender':
      expect(view.isSenderOpen).toBe(false)
      expect(effects.notices.at(-1)).toBe('admin.senderId.saved')
      if (view.panel) expect(view.panel.franchise.senderId).toBe(sender)
      break
    case 'owner.open':
    case 'owner.change':
      expect(view).toMatchObject({ isOwnerOpen: true, isOwnerCreating: false })
      if (last.type === 'owner.change')
        expect(view.ownerForm).toMatchObject({ [last.field as string]: last.value })
      break
    case 'owner.submit': {
      const valid = Object.keys(validateOwnerForm(view.ownerForm)).length === 0
      expect(view.isOwnerCreating).toBe(valid)
      if (valid) expect(lastCall?.actor).toBe('createOwner')
      else expect(Object.keys(view.ownerErrors).length).toBeGreaterThan(0)
      break
    }
    case 'owner.cancel':
      expect(view.isOwnerOpen).toBe(false)
      break
    case 'xstate.done.actor.createOwner':
      expect(view).toMatchObject({ isOwnerOpen: false, canCreateOwner: false, panel: OWNED })
      expect(effects.notices.at(-1)).toBe('admin.owner.created')
      break
    case 'xstate.error.actor.createOwner': {
      expect(view).toMatchObject({ isOwnerOpen: true, isOwnerCreating: false })
      const code = (last.error as ApiError).code
      if (code === 'FRANCHISE_HAS_OWNER') expect(view.ownerError).toBe('admin.owner.errors.hasOwner')
      else expect(view.ownerErrors.email).toBe('admin.create.errors.emailExists')
      break
    }
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

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
    checkEachPath(generated as never as { steps: { event: { type: string } }[] }[], (_path, events) => {
      const effects: Effects = { notices: [], calls: [] }
      const actor = createActor(harness(effects), { input, clock: new SimulatedClock() }).start()
      for (const event of events) actor.send(event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expectLastEventShown(events, toFranchisePanelView(snapshot), effects)
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
    })
  }, 120_000)

  // Was a defect: `panel.toggleFeature` had no guard and sent applyChange before the panel loaded.
  it('sends no feature change before the panel is loaded', () => {
    const effects: Effects = { notices: [], calls: [] }
    const actor = createActor(harness(effects), { input, clock: new SimulatedClock() }).start()
    actor.send({ type: 'panel.toggleFeature', feature: 'GAME', isEnabled: true })
    actor.stop()
    expect(effects.calls.map((c) => c.actor)).not.toContain('applyChange')
  })

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
