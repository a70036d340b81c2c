import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { loyaltyOffersMachine, toLoyaltyOffersView } from '../../machines/loyalty-offers'
import type { LoyaltyOffer } from '../../src/domain/loyalty'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

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

describe('loyalty offers machine', () => {
  const paths = generatePaths(loyaltyOffersMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(loyaltyOffersMachine, paths)
  })

  it('replays every path: saves only valid offers, changes a status only once confirmed', {
    timeout: 60_000,
  }, () => {
    for (const path of paths) {
      const calls: Calls = []
      const notices: string[] = []
      const snap = replay(harness(calls, notices), path.steps, input)
      expect(snap.value).toEqual(path.state.value)
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
    }
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
