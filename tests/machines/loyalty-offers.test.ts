import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { loyaltyOffersMachine, toLoyaltyOffersView } from '../../machines/loyalty-offers'
import type { LoyaltyOffer } from '../../src/domain/loyalty'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const MODEL = '00000000-0000-4000-8000-0000000000c1'
const offer = (over: Partial<LoyaltyOffer>): LoyaltyOffer => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  loyaltyModelId: MODEL,
  name: 'Café offert',
  description: 'Un café offert avec la viennoiserie.',
  image: null,
  redeemPointAmount: 50,
  type: 'FLAT',
  value: 350,
  currencyCode: 'EUR',
  posProductIds: [],
  productPriority: null,
  expirationDate: null,
  status: 'ACTIVE',
  statusUpdated: '2026-01-01T00:00:00.000Z',
  redeemedCount: 3,
  lastRedeemDate: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
  ...over,
})
const ACTIVE = offer({})
const ARCHIVED = offer({
  id: '00000000-0000-4000-8000-0000000000f2',
  name: 'Galette',
  status: 'ARCHIVED',
  redeemPointAmount: 10,
})
const input = { modelId: MODEL, canEdit: true }
const file = new File(['x'], 'offer.png', { type: 'image/png' })

const events = [
  { type: 'xstate.done.actor.loadOffers', output: [ACTIVE, ARCHIVED] },
  { type: 'xstate.error.actor.loadOffers', error: new Error('down') },
  { type: 'offers.retry' },
  { type: 'offers.showArchived', value: true },
  { type: 'offers.new' },
  { type: 'offers.edit', offerId: ACTIVE.id },
  { type: 'offers.status', offerId: ARCHIVED.id },
  { type: 'offer.change', field: 'value', value: '120' },
  { type: 'offer.upload', file },
  { type: 'xstate.done.actor.uploadImage', output: { url: '/files/loyalty/o.png' } },
  { type: 'offer.save' },
  { type: 'xstate.done.actor.saveOffer', output: ACTIVE },
  { type: 'xstate.error.actor.saveOffer', error: new Error('500') },
  { type: 'offer.close' },
  { type: 'offer.confirm' },
  { type: 'offer.cancel' },
  { type: 'xstate.done.actor.changeStatus', output: { ...ARCHIVED, status: 'ACTIVE' } },
  { type: 'xstate.error.actor.changeStatus', error: new Error('500') },
]

function harness(calls: Calls, notices: string[]) {
  return loyaltyOffersMachine.provide({
    actors: recordingActors(['loadOffers', 'saveOffer', 'changeStatus', 'uploadImage'], calls) as never,
    actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
  })
}

/** What the section must show after a path's last event, from the events alone. */
function expectLastEventShown(
  steps: { type: string; [k: string]: unknown }[],
  view: ReturnType<typeof toLoyaltyOffersView>,
  calls: Calls,
  notices: string[],
) {
  const events = steps.filter((e) => e.type !== 'xstate.init')
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  switch (last?.type) {
    case undefined:
    case 'offers.retry':
    case 'offers.showArchived':
    case 'xstate.done.actor.saveOffer':
    case 'xstate.done.actor.changeStatus':
      // Opening, a retry, a filter and every change read the list (again).
      expect(view.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadOffers')
      if (last?.type === 'offers.showArchived')
        expect(lastCall?.input).toMatchObject({ includeArchived: true })
      if (last?.type.startsWith('xstate.done.actor.')) expect(notices.length).toBeGreaterThan(0)
      break
    case 'xstate.done.actor.loadOffers':
      expect(view).toMatchObject({ isLoading: false, dialog: null })
      expect(view.offers.map((o) => o.id).sort()).toEqual([ACTIVE.id, ARCHIVED.id].sort())
      break
    case 'xstate.error.actor.loadOffers':
      expect(view).toMatchObject({ isLoadFailed: true, isLoading: false })
      break
    case 'offers.new':
      expect(view.dialog).not.toBeNull()
      expect(view.dialog?.values.name).toBe('')
      break
    case 'offers.edit':
      expect(view.dialog?.values.name).toBe(ACTIVE.name)
      break
    case 'offers.status':
      expect(view.statusChange).toMatchObject({ offerId: ARCHIVED.id })
      break
    case 'offer.change':
      expect(view.dialog?.values).toMatchObject({ [last.field as string]: last.value })
      break
    case 'offer.upload':
      expect(view.isUploading).toBe(true)
      expect(lastCall?.actor).toBe('uploadImage')
      break
    case 'xstate.done.actor.uploadImage':
      expect(view.isUploading).toBe(false)
      expect(view.dialog?.values).toMatchObject({ image: '/files/loyalty/o.png' })
      break
    case 'offer.save':
      // Sent when the §5 rules pass, else the errors show on the dialog.
      if (view.isSaving) expect(lastCall?.actor).toBe('saveOffer')
      else expect(Object.keys(view.errors).length).toBeGreaterThan(0)
      break
    case 'xstate.error.actor.saveOffer':
      expect(view).toMatchObject({ isSaving: false })
      expect(view.dialog).not.toBeNull()
      break
    case 'offer.close':
      // Closing with changes asks first; without, it closes.
      expect(view.isConfirmingClose ? view.hasChanges : view.dialog === null).toBe(true)
      break
    case 'offer.confirm':
      // Confirms what was asked: closing without saving, or the status change.
      if (view.isChangingStatus) expect(lastCall).toMatchObject({ actor: 'changeStatus' })
      else expect(view.dialog).toBeNull()
      break
    case 'offer.cancel':
      expect(view).toMatchObject({ isConfirmingClose: false, isChangingStatus: false })
      break
    case 'xstate.error.actor.changeStatus':
      expect(view).toMatchObject({ isChangingStatus: false, statusChange: null })
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('loyalty offers machine', () => {
  const paths = generatePaths(loyaltyOffersMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(loyaltyOffersMachine, paths)
  })

  it('replays every path: saves only valid offers, changes a status only once confirmed', {
    timeout: 60_000,
  }, () => {
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const snap = replay(harness(calls, notices), path.steps, input)
      expectLastEventShown(
        path.steps.map((x) => x.event),
        toLoyaltyOffersView(snap),
        calls,
        notices,
      )
      const types = path.steps.map((s) => s.event.type)
      for (const c of calls.filter((x) => x.actor === 'saveOffer')) {
        const body = (c.input as { body: { value: number; redeemPointAmount: number; type: string } }).body
        expect(body.value).toBeGreaterThan(0)
        expect(body.redeemPointAmount).toBeGreaterThan(0)
      }
      const statusCalls = calls.filter((x) => x.actor === 'changeStatus')
      if (statusCalls.length) {
        expect(types).toContain('offer.confirm')
        expect(statusCalls[0]!.input).toEqual({ modelId: MODEL, offerId: ARCHIVED.id, status: 'ACTIVE' })
      }
      // Every change reads the list again.
      const changed = types.filter(
        (t) => t === 'xstate.done.actor.saveOffer' || t === 'xstate.done.actor.changeStatus',
      )
      expect(calls.filter((c) => c.actor === 'loadOffers').length).toBeGreaterThanOrEqual(1 + changed.length)
    })
  })

  it('creates an offer: §5 errors, FLAT value sent in cents, success notice, list read again', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input }).start()
    expect(calls[0]).toEqual({ actor: 'loadOffers', input: { includeArchived: false } })
    actor.send({ type: 'xstate.done.actor.loadOffers', output: [ACTIVE] } as never)
    actor.send({ type: 'offers.new' })
    actor.send({ type: 'offer.save' })
    expect(toLoyaltyOffersView(actor.getSnapshot()).errors).toEqual({
      name: 'loyalty.errors.offerName',
      description: 'loyalty.errors.description',
      redeemPointAmount: 'loyalty.valueError',
      type: 'loyalty.typeError',
    })
    const change = (field: string, value: string) =>
      actor.send({ type: 'offer.change', field, value } as never)
    change('name', '3,50 € off')
    change('description', 'Money off your next order.')
    change('redeemPointAmount', '75')
    change('type', 'PERCENTAGE')
    change('value', '150')
    expect(toLoyaltyOffersView(actor.getSnapshot()).errors).toEqual({ value: 'loyalty.percentageError' })
    change('type', 'FLAT')
    change('value', '3,50')
    actor.send({ type: 'offer.save' })
    expect(calls.at(-1)).toMatchObject({
      actor: 'saveOffer',
      input: { modelId: MODEL, offerId: null, body: { type: 'FLAT', value: 350, redeemPointAmount: 75 } },
    })
    actor.send({ type: 'xstate.done.actor.saveOffer', output: ACTIVE } as never)
    expect(notices).toEqual(['loyalty.offersSuccess'])
    expect(calls.at(-1)!.actor).toBe('loadOffers')
    expect(toLoyaltyOffersView(actor.getSnapshot()).dialog).toBeNull()
  })

  it('edits with the dialog of type edit, warns before closing with changes; archives once confirmed', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadOffers', output: [ACTIVE] } as never)
    actor.send({ type: 'offers.edit', offerId: ACTIVE.id })
    expect(toLoyaltyOffersView(actor.getSnapshot()).dialog).toMatchObject({
      type: 'edit',
      values: { value: '3.50' },
    })
    actor.send({ type: 'offer.change', field: 'name', value: 'Coffee' })
    actor.send({ type: 'offer.close' })
    expect(actor.getSnapshot().value).toBe('confirmingClose')
    actor.send({ type: 'offer.confirm' })
    expect(toLoyaltyOffersView(actor.getSnapshot()).dialog).toBeNull()
    actor.send({ type: 'offers.status', offerId: ACTIVE.id })
    expect(toLoyaltyOffersView(actor.getSnapshot()).statusChange).toEqual({
      offerId: ACTIVE.id,
      name: ACTIVE.name,
      status: 'ARCHIVED',
    })
    actor.send({ type: 'offer.confirm' })
    actor.send({ type: 'xstate.error.actor.changeStatus', error: new Error('500') } as never)
    expect(notices).toEqual(['loyalty.offerStatusError'])
    actor.send({ type: 'offers.status', offerId: ACTIVE.id })
    actor.send({ type: 'offer.confirm' })
    actor.send({ type: 'xstate.done.actor.changeStatus', output: { ...ACTIVE, status: 'ARCHIVED' } } as never)
    expect(notices.at(-1)).toBe('loyalty.offerStatusSuccess')
    expect(calls.at(-1)).toEqual({ actor: 'loadOffers', input: { includeArchived: false } })
  })

  it('a store owner reads the list but cannot open the dialogs', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: { modelId: MODEL, canEdit: false } }).start()
    actor.send({ type: 'xstate.done.actor.loadOffers', output: [ACTIVE] } as never)
    actor.send({ type: 'offers.new' })
    actor.send({ type: 'offers.status', offerId: ACTIVE.id })
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'offers.showArchived', value: true })
    expect(calls.at(-1)).toEqual({ actor: 'loadOffers', input: { includeArchived: true } })
  })
})
