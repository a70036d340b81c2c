// The client detail machine, action by action (its paths: client-detail.test.ts).
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { toClientDetailView } from '../../machines/client-detail'
import { ApiError } from '../../src/api/client'
import {
  ACTIVE,
  CARD,
  cheap,
  dear,
  EDITED,
  harness,
  ID,
  INFO,
  input,
  LOADED,
  startDetail,
} from '../support/client-detail-world'
import { FRANCHISE_ID, OFFERS, STORE_1 } from '../support/clients-backend'
import type { Calls } from '../support/model'

describe('client detail machine, action by action', () => {
  const start = startDetail

  it('loads the information, the loyalty and the active coupons, then the coupons list', () => {
    const { calls, view } = start()
    expect(calls.map((c) => c.actor)).toEqual(['loadClient', 'loadCoupons'])
    expect(calls[0]!.input).toEqual({ franchiseId: FRANCHISE_ID, clientId: ID, storeId: STORE_1 })
    expect(calls[1]!.input).toMatchObject({ page: 1, size: 5, state: null })
    expect(view().offers.map((o) => o.redeemPointAmount)).toEqual(
      [...OFFERS.map((o) => o.redeemPointAmount)].sort((a, b) => a - b),
    )
  })

  it('sets the failed-information state on a failure and retries', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input }).start()
    actor.send({
      type: 'xstate.error.actor.loadClient',
      error: new ApiError(404, 'CLIENT_NOT_FOUND', 'x'),
    } as never)
    expect(toClientDetailView(actor.getSnapshot())).toMatchObject({
      isFailed: true,
      info: null,
      error: 'pages.clients.errors.notFound',
    })
    actor.send({ type: 'detail.retry' })
    expect(calls.map((c) => c.actor)).toEqual(['loadClient', 'loadClient'])
  })

  it('credits points: the dialog closes, the client info is replaced, "successAddMessage"', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.submit' })
    expect(view()).toMatchObject({ dialog: 'points', fieldError: 'loyalty.editPoints.errors.required' })
    send({ type: 'points.change', value: '50' })
    expect(view()).toMatchObject({ fieldError: null, pointsDirection: 'credit' })
    send({ type: 'points.submit' })
    expect(view().isSubmitting).toBe(true)
    expect(calls.at(-1)).toEqual({
      actor: 'movePoints',
      input: { userId: ID, merchantId: FRANCHISE_ID, storeId: STORE_1, points: 50 },
    })
    send({ type: 'xstate.done.actor.movePoints', output: CARD })
    expect(view()).toMatchObject({ dialog: null, points: '' })
    expect(view().info).toMatchObject({ points: CARD.points })
    expect(view().info!.transactions[0]!.id).toBe(CARD.transaction!.id)
    expect(effects).toEqual(['notify:loyalty.editPoints.successAddMessage'])
  })

  it("says so when the card's maximum took part of a credit (the ledger credits up to the cap)", () => {
    const { send, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.change', value: '50' })
    send({ type: 'points.submit' })
    const capped = { ...CARD, points: INFO.points + 1, transaction: { ...CARD.transaction!, points: 1 } }
    send({ type: 'xstate.done.actor.movePoints', output: capped })
    expect(view()).toMatchObject({ dialog: null })
    expect(view().info).toMatchObject({ points: INFO.points + 1 })
    expect(effects).toEqual(['notify:loyalty.editPoints.cappedMessage'])
  })

  it('debits points with "successRemoveMessage", refuses more than the balance, shows a 409 clearly', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'points.open' })
    send({ type: 'points.change', value: `-${INFO.points + 1}` })
    send({ type: 'points.submit' })
    expect(view().fieldError).toBe('loyalty.editPoints.errors.insufficient')
    expect(calls.filter((c) => c.actor === 'movePoints')).toHaveLength(0)
    send({ type: 'points.change', value: '-10' })
    send({ type: 'points.submit' })
    send({ type: 'xstate.error.actor.movePoints', error: new ApiError(409, 'INSUFFICIENT_POINTS', 'no') })
    expect(view()).toMatchObject({ dialog: 'points', fieldError: 'loyalty.editPoints.errors.insufficient' })
    expect(effects).toEqual(['notify:loyalty.editPoints.errorMessage'])
    send({ type: 'points.submit' })
    send({ type: 'xstate.done.actor.movePoints', output: { ...CARD, points: INFO.points - 10 } })
    expect(effects.at(-1)).toBe('notify:loyalty.editPoints.successRemoveMessage')
  })

  it('needs a current store for points, sales and redemptions (§5 "No store selected")', () => {
    const calls: Calls = []
    const actor = createActor(harness(calls, []), { input: { ...input, storeId: null } }).start()
    actor.send({ type: 'xstate.done.actor.loadClient', output: LOADED } as never)
    for (const type of ['points.open', 'sale.open']) actor.send({ type } as never)
    actor.send({ type: 'offer.redeem', offerId: cheap.id })
    expect(toClientDetailView(actor.getSnapshot())).toMatchObject({ dialog: null, hasStore: false })
  })

  it('records a sale with a comma decimal, then refreshes the figures silently', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'sale.open' })
    send({ type: 'sale.change', value: '12,345' })
    send({ type: 'sale.submit' })
    expect(view().fieldError).toBe('loyalty.addSale.errors.invalid')
    send({ type: 'sale.change', value: ' 12,34 ' })
    send({ type: 'sale.submit' })
    expect(calls.at(-1)).toEqual({
      actor: 'recordSale',
      input: { storeId: STORE_1, clientId: ID, amount: '12,34' },
    })
    send({ type: 'xstate.done.actor.recordSale', output: CARD })
    expect(effects).toEqual(['notify:loyalty.addSale.addSaleSuccess'])
    expect(view()).toMatchObject({ dialog: null, isRefreshing: true })
    expect(calls.at(-1)!.actor).toBe('loadClient')
  })

  it('redeems an offer the balance covers, after a confirmation; not one it does not', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'offer.redeem', offerId: dear.id })
    expect(view().dialog).toBeNull()
    send({ type: 'offer.redeem', offerId: cheap.id })
    expect(view()).toMatchObject({ dialog: 'redeemOffer', offerToRedeem: { id: cheap.id } })
    expect(calls.filter((c) => c.actor === 'redeemOffer')).toHaveLength(0)
    send({ type: 'dialog.confirm' })
    expect(calls.at(-1)).toEqual({
      actor: 'redeemOffer',
      input: { offerId: cheap.id, userId: ID, storeId: STORE_1 },
    })
    send({ type: 'xstate.error.actor.redeemOffer', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(view()).toMatchObject({
      dialog: 'redeemOffer',
      dialogError: 'pages.clients.offersDialog.errors.redeem',
    })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.done.actor.redeemOffer', output: { ...CARD, points: 0 } })
    expect(view().dialog).toBeNull()
    expect(view().offers.every((o) => !o.canRedeem)).toBe(true)
    expect(effects).toEqual([
      'notify:pages.clients.offersDialog.errors.redeem',
      'notify:pages.clients.offersDialog.success',
    ])
  })

  it('redeems an active coupon after a confirmation and reloads the coupons list', () => {
    const { send, calls, effects, view } = start()
    const coupon = ACTIVE.data[0]!
    send({ type: 'coupon.redeem', couponId: coupon.id })
    expect(view().couponToRedeem).toMatchObject({ id: coupon.id })
    send({ type: 'dialog.confirm' })
    expect(calls.at(-1)).toEqual({ actor: 'redeemCoupon', input: { couponId: coupon.id, storeId: STORE_1 } })
    send({ type: 'xstate.done.actor.redeemCoupon', output: {} })
    expect(view().activeCoupons.map((c) => c.id)).not.toContain(coupon.id)
    expect(effects).toEqual(['notify:pages.clients.couponsDialog.success'])
    expect(calls.at(-1)!.actor).toBe('loadCoupons')
  })

  it('pages and filters the coupons list', () => {
    const { send, calls } = start()
    send({ type: 'coupons.filter', state: 'expired' })
    expect(calls.at(-1)!.input).toMatchObject({ page: 1, state: 'expired' })
    send({ type: 'coupons.page', page: 2 })
    expect(calls.at(-1)!.input).toMatchObject({ page: 2, state: 'expired' })
    send({ type: 'coupons.filter', state: 'bogus' })
    expect(calls.filter((c) => c.actor === 'loadCoupons')).toHaveLength(3)
  })

  it('edits the client through the client form and replaces the information', () => {
    const { send, calls, effects, view } = start()
    send({ type: 'client.edit' })
    expect(view().dialog).toBe('edit')
    expect(calls.at(-1)).toMatchObject({
      actor: 'clientForm',
      input: { mode: 'edit', clientId: ID, values: expect.objectContaining({ firstName: INFO.firstName }) },
    })
    send({ type: 'xstate.done.actor.clientForm', output: { client: EDITED } })
    expect(view().info).toMatchObject({ firstName: 'Marie-Anne' })
    expect(view().info!.transactions).toEqual(INFO.transactions)
    expect(effects).toEqual(['notify:pages.clients.editClient.success'])
  })

  it('deletes after a confirmation, then goes back to the list; a failure says so', () => {
    const { send, calls, effects, view, actor } = start()
    send({ type: 'client.delete' })
    send({ type: 'dialog.close' })
    expect(calls.filter((c) => c.actor === 'deleteClient')).toHaveLength(0)
    send({ type: 'client.delete' })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.error.actor.deleteClient', error: new ApiError(500, 'INTERNAL_ERROR', 'x') })
    expect(effects).toEqual(['notify:pages.clients.deleteClient.error'])
    expect(view().dialog).toBeNull()
    send({ type: 'client.delete' })
    send({ type: 'dialog.confirm' })
    send({ type: 'xstate.done.actor.deleteClient' })
    expect(effects.slice(1)).toEqual(['notify:pages.clients.deleteClient.success', 'goToList'])
    expect(actor.getSnapshot().status).toBe('done')
  })
})
