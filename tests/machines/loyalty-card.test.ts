import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { type LoyaltyCardInputs, loyaltyCardMachine, toLoyaltyCardView } from '../../machines/loyalty-card'
import type { LoyaltyModel } from '../../src/domain/loyalty'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
} from '../support/model'

const S1 = '00000000-0000-4000-8000-000000000001'
const S2 = '00000000-0000-4000-8000-000000000002'
const CARD: LoyaltyModel = {
  id: '00000000-0000-4000-8000-0000000000c1',
  franchiseId: '11111111-1111-4111-8111-111111111111',
  name: 'Carte Dupont',
  image: null,
  loyaltyType: 'PASSAGE',
  earnRate: 10,
  maxPoints: 500,
  hasMaxPointsEnabled: true,
  minTimeBetweenVisits: 3600,
  storeIds: [S1, S2],
  posProductIds: [],
}
const input = (over: Partial<LoyaltyCardInputs> = {}): LoyaltyCardInputs => ({
  franchiseId: CARD.franchiseId,
  storeIds: [S1, S2],
  franchiseLoyaltyType: 'PASSAGE',
  canEdit: true,
  tab: 'card',
  ...over,
})
const file = new File(['x'], 'card.png', { type: 'image/png' })
const badRequest = Object.assign(new Error('400'), {
  status: 400,
  field: 'storeIds',
  details: { field: 'storeIds', messageId: 'loyalty.storeError' },
})

const events = [
  { type: 'xstate.done.actor.loadCard', output: { card: CARD, products: [] } },
  { type: 'xstate.done.actor.loadCard', output: { card: null, products: [] } },
  { type: 'xstate.error.actor.loadCard', error: new Error('down') },
  { type: 'card.retry' },
  { type: 'card.create' },
  { type: 'card.change', field: 'name', value: 'Bagel Club' },
  { type: 'card.change', field: 'loyaltyType', value: 'MANUAL_AMOUNT' },
  { type: 'card.upload', file },
  { type: 'xstate.done.actor.uploadImage', output: { url: '/files/loyalty/a.png' } },
  { type: 'card.save' },
  {
    type: 'xstate.done.actor.saveCard',
    output: { ...CARD, name: 'Bagel Club', loyaltyType: 'MANUAL_AMOUNT' },
  },
  { type: 'xstate.error.actor.saveCard', error: badRequest },
  { type: 'card.cancel' },
  { type: 'tab.select', tab: 'customers' },
  { type: 'tab.select', tab: 'card' },
  { type: 'tab.confirm' },
  { type: 'tab.cancel' },
]

function harness(calls: Calls, notices: string[], changes: string[] = []) {
  return loyaltyCardMachine.provide({
    actors: recordingActors(['loadCard', 'saveCard', 'uploadImage'], calls) as never,
    actions: {
      notify: (_, p: { id: string }) => notices.push(p.id),
      franchiseChanged: (_, p: { loyaltyType: string }) => changes.push(p.loyaltyType),
    },
  })
}

/** What the page must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toLoyaltyCardView>,
  calls: Calls,
  notices: string[],
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  switch (last?.type) {
    case undefined:
    case 'card.retry':
      expect(view.isLoading).toBe(true)
      expect(calls.at(-1)?.actor).toBe('loadCard')
      break
    case 'xstate.done.actor.loadCard': {
      const card = (last.output as { card: LoyaltyModel | null }).card
      expect(view).toMatchObject({ isLoading: false, card, isEmpty: card === null, hasChanges: false })
      break
    }
    case 'xstate.error.actor.loadCard':
      expect(view).toMatchObject({ isLoadFailed: true, isLoading: false })
      break
    case 'card.create':
      expect(view).toMatchObject({ isEditing: true, isNew: true, canSave: true })
      break
    case 'card.change':
      expect(view.values).toMatchObject({ [last.field as string]: last.value })
      // A change is unsaved when it differs from the stored card.
      if (!view.card || (view.card as Record<string, unknown>)[last.field as string] !== last.value)
        expect(view.hasChanges).toBe(true)
      break
    case 'card.upload':
      expect(view).toMatchObject({ isUploading: true, canSave: false })
      expect(calls.at(-1)).toMatchObject({ actor: 'uploadImage' })
      break
    case 'xstate.done.actor.uploadImage':
      expect(view).toMatchObject({ isUploading: false, canSave: true })
      expect(view.values).toMatchObject({ image: '/files/loyalty/a.png' })
      break
    case 'card.save':
      // Saved when the §5 rules pass (a name), else the errors show and nothing is sent.
      if (view.isSaving) expect(calls.at(-1)?.actor).toBe('saveCard')
      else expect(Object.keys(view.errors).length).toBeGreaterThan(0)
      if (!view.values.name) expect(view.isSaving).toBe(false)
      break
    case 'xstate.done.actor.saveCard':
      expect(view).toMatchObject({ isSaving: false, card: last.output, hasChanges: false })
      expect(notices.length).toBeGreaterThan(0)
      break
    case 'xstate.error.actor.saveCard':
      expect(view).toMatchObject({ isSaving: false, isEditing: true })
      expect(view.errors).toMatchObject({ storeIds: 'loyalty.storeError' })
      break
    case 'card.cancel':
      // The typed changes go: an existing card's form shows it as saved, a new one closes.
      expect(view.hasChanges).toBe(false)
      if (view.isNew) expect(view.isEditing).toBe(false)
      break
    case 'tab.select':
      // Leaving unsaved changes asks first; anything else moves at once.
      if (last.tab === 'customers') expect(view.isCustomersTab || view.isConfirmingLeave).toBe(true)
      if (view.isConfirmingLeave) expect(view.hasChanges).toBe(true)
      if (last.tab === 'card') expect(view.tab).toBe('card')
      break
    case 'tab.confirm':
      expect(view).toMatchObject({ isCustomersTab: true, hasChanges: false })
      break
    case 'tab.cancel':
      expect(view).toMatchObject({ tab: 'card', isConfirmingLeave: false, hasChanges: true })
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('loyalty card machine', () => {
  const paths = [input(), input({ tab: 'customers' })].flatMap((i) =>
    generatePaths(loyaltyCardMachine, events, i).map((p) => ({ ...p, input: i })),
  )

  it('reaches every state', () => {
    expectEveryStateReached(loyaltyCardMachine, paths)
  })

  it('replays every path: saves only valid cards, tells the shell of type changes, asks before losing changes', {
    timeout: 60_000,
  }, () => {
    expect(paths.length).toBeGreaterThan(20)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const changes: string[] = []
      // Replayed step by step: leaving "my card" with unsaved changes always goes through the confirmation.
      const actor = createActor(harness(calls, notices, changes), { input: path.input }).start()
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue
        const before = toLoyaltyCardView(actor.getSnapshot())
        actor.send(step.event as never)
        const after = toLoyaltyCardView(actor.getSnapshot())
        if (
          before.tab === 'card' &&
          !before.isConfirmingLeave &&
          before.hasChanges &&
          after.tab === 'customers'
        )
          throw new Error(
            `left the card with unsaved changes: ${path.steps.map((x) => x.event.type).join(' → ')}`,
          )
      }
      const snap = actor.getSnapshot()
      actor.stop()
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toLoyaltyCardView(snap),
        calls,
        notices,
      )
      expect(calls[0]?.actor).toBe('loadCard')
      for (const c of calls.filter((x) => x.actor === 'saveCard')) {
        const body = (c.input as { body: { name: string; loyaltyType: string; storeIds: string[] } }).body
        expect(body.name).not.toBe('')
        expect(body.storeIds.length).toBeGreaterThan(0)
        expect(body.loyaltyType).toBeTruthy()
      }
      const saved = path.steps.filter((s) => s.event.type === 'xstate.done.actor.saveCard').length
      expect(changes.length).toBeLessThanOrEqual(saved)
    })
  })

  it('creates a card: §5 errors first, then POST with maxPoints omitted, success and the shell told', () => {
    const calls: Calls = []
    const notices: string[] = []
    const changes: string[] = []
    const actor = createActor(harness(calls, notices, changes), { input: input() }).start()
    actor.send({ type: 'xstate.done.actor.loadCard', output: { card: null, products: [] } } as never)
    expect(toLoyaltyCardView(actor.getSnapshot()).isEmpty).toBe(true)
    actor.send({ type: 'card.create' })
    actor.send({ type: 'card.toggleStore', storeId: S1 })
    actor.send({ type: 'card.toggleStore', storeId: S2 })
    actor.send({ type: 'card.save' })
    expect(toLoyaltyCardView(actor.getSnapshot()).errors).toEqual({
      name: 'loyalty.errors.name',
      loyaltyType: 'loyalty.loyaltyTypeError',
      storeIds: 'loyalty.storeError',
    })
    expect(calls.filter((c) => c.actor === 'saveCard')).toHaveLength(0)
    actor.send({ type: 'card.change', field: 'name', value: 'Bagel Club' })
    actor.send({ type: 'card.change', field: 'loyaltyType', value: 'MANUAL_AMOUNT' })
    actor.send({ type: 'card.change', field: 'earnRate', value: '2' })
    actor.send({ type: 'card.change', field: 'minTimeMinutes', value: '15' })
    actor.send({ type: 'card.toggleStore', storeId: S2 })
    actor.send({ type: 'card.save' })
    expect(calls.at(-1)).toEqual({
      actor: 'saveCard',
      input: {
        cardId: null,
        body: {
          name: 'Bagel Club',
          image: null,
          minTimeBetweenVisits: 900,
          loyaltyType: 'MANUAL_AMOUNT',
          earnRate: 2,
          storeIds: [S2],
          posProductIds: [],
        },
      },
    })
    actor.send({
      type: 'xstate.done.actor.saveCard',
      output: { ...CARD, name: 'Bagel Club', loyaltyType: 'MANUAL_AMOUNT', storeIds: [S2] },
    } as never)
    expect(notices).toEqual(['loyalty.cardSuccess'])
    expect(changes).toEqual(['MANUAL_AMOUNT'])
    expect(toLoyaltyCardView(actor.getSnapshot())).toMatchObject({ isNew: false, hasChanges: false })
  })

  it('edits a card: a refused save shows the server field, a read-only owner cannot change anything', () => {
    const calls: Calls = []
    const notices: string[] = []
    const changes: string[] = []
    const actor = createActor(harness(calls, notices, changes), { input: input() }).start()
    actor.send({ type: 'xstate.done.actor.loadCard', output: { card: CARD, products: [] } } as never)
    expect(toLoyaltyCardView(actor.getSnapshot()).values).toMatchObject({
      minTimeMinutes: '60',
      maxPoints: '500',
    })
    actor.send({ type: 'card.change', field: 'name', value: 'Carte 2' })
    actor.send({ type: 'card.save' })
    actor.send({ type: 'xstate.error.actor.saveCard', error: badRequest } as never)
    expect(notices).toEqual(['loyalty.cardUpdateError'])
    expect(toLoyaltyCardView(actor.getSnapshot()).errors).toEqual({ storeIds: 'loyalty.storeError' })
    actor.send({ type: 'card.save' })
    actor.send({ type: 'xstate.done.actor.saveCard', output: { ...CARD, name: 'Carte 2' } } as never)
    // Same type as the franchise's: the shell is not told.
    expect(changes).toEqual([])
    expect(notices.at(-1)).toBe('loyalty.cardUpdateSuccess')

    const readOnly = createActor(harness([], []), { input: input({ canEdit: false }) }).start()
    readOnly.send({ type: 'xstate.done.actor.loadCard', output: { card: CARD, products: [] } } as never)
    readOnly.send({ type: 'card.change', field: 'name', value: 'Nope' })
    readOnly.send({ type: 'card.save' })
    expect(toLoyaltyCardView(readOnly.getSnapshot())).toMatchObject({ canSave: false, hasChanges: false })
  })

  it('asks before leaving "my card" with changes, and discards them on confirm', () => {
    const tabs: string[] = []
    const actor = createActor(
      harness([], []).provide({ actions: { writeTab: (_, p: { tab: string }) => tabs.push(p.tab) } }),
      { input: input() },
    ).start()
    actor.send({ type: 'xstate.done.actor.loadCard', output: { card: CARD, products: [] } } as never)
    actor.send({ type: 'card.change', field: 'name', value: 'Changed' })
    actor.send({ type: 'tab.select', tab: 'customers' })
    expect(toLoyaltyCardView(actor.getSnapshot()).isConfirmingLeave).toBe(true)
    actor.send({ type: 'tab.cancel' })
    expect(toLoyaltyCardView(actor.getSnapshot())).toMatchObject({ tab: 'card', hasChanges: true })
    actor.send({ type: 'tab.select', tab: 'customers' })
    actor.send({ type: 'tab.confirm' })
    expect(toLoyaltyCardView(actor.getSnapshot())).toMatchObject({ tab: 'customers', hasChanges: false })
    actor.send({ type: 'tab.select', tab: 'card' })
    expect(tabs).toEqual(['customers', 'card'])
  })
})
