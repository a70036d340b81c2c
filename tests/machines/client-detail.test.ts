import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  applyCard,
  clientDetailMachine,
  parsePoints,
  toClientDetailView,
  validatePoints,
  validateSaleAmount,
} from '../../machines/client-detail'
import type { ClientDetail } from '../../src/domain/clients'
import { ACTIVE, CARD, COUPONS, cheap, harness, ID, INFO, input, paths } from '../support/client-detail-world'
import { FRANCHISE_ID, STORE_1 } from '../support/clients-backend'
import { type Calls, checkEachPath, expectEveryStateReached } from '../support/model'

describe('client detail rules (pure)', () => {
  it('reads points as a signed whole number and checks the balance for a debit', () => {
    expect(parsePoints('+50')).toBe(50)
    expect(parsePoints(' -20 ')).toBe(-20)
    expect(parsePoints('1.5')).toBeNull()
    expect(parsePoints('abc')).toBeNull()
    expect(validatePoints('', 10)).toBe('loyalty.editPoints.errors.required')
    expect(validatePoints('0', 10)).toBe('loyalty.editPoints.errors.invalid')
    expect(validatePoints('2000000', 10)).toBe('loyalty.editPoints.errors.invalid')
    expect(validatePoints('-11', 10)).toBe('loyalty.editPoints.errors.insufficient')
    expect(validatePoints('-10', 10)).toBeNull()
    expect(validatePoints('25', 0)).toBeNull()
  })

  it('reads a sale amount with a comma or a dot and up to 2 decimals, above zero', () => {
    for (const ok of ['12', '12.5', '12,50', '0,01']) expect(validateSaleAmount(ok), ok).toBeNull()
    for (const bad of ['', '0', '-3', '12.345', '1e3', 'abc', '100000.01'])
      expect(validateSaleAmount(bad), bad).not.toBeNull()
  })

  it('replaces the figures with the card’s and puts its transaction on top, once', () => {
    const name = (id: string | null) => (id === STORE_1 ? 'Maison Dupont 1' : null)
    const once = applyCard(INFO, CARD, name)
    expect(once).toMatchObject({ points: CARD.points, totalCollectedPoints: CARD.totalCollectedPoints })
    expect(once.transactions[0]).toMatchObject({ id: CARD.transaction!.id, storeName: 'Maison Dupont 1' })
    expect(applyCard(once, CARD, name).transactions).toHaveLength(INFO.transactions.length + 1)
  })
})

/**
 * What the page must show after a path's last event, stated from the events alone: typed values
 * folded from the change events, each answer closing or keeping its dialog, each confirm calling.
 */
function expectLastEventShown(
  events: { type: string; [k: string]: unknown }[],
  snapshot: ReturnType<ReturnType<typeof harness>['getInitialSnapshot']>,
  calls: Calls,
  effects: string[],
) {
  const view = toClientDetailView(snapshot as never)
  const last = events.at(-1)
  const lastCall = calls.at(-1)
  // The balance the points are checked against: the loaded one, or the card's after a move.
  let balance = INFO.points
  let points = ''
  let amount = ''
  for (const e of events) {
    if (e.type === 'points.open') points = ''
    if (e.type === 'points.change') points = e.value as string
    if (e.type === 'sale.open') amount = ''
    if (e.type === 'sale.change') amount = e.value as string
    if (/^xstate\.done\.actor\.(movePoints|recordSale|redeemOffer)$/.test(e.type)) balance = CARD.points
  }
  switch (last?.type) {
    case undefined:
    case 'detail.retry':
      expect(view.isLoading).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'loadClient', input: { clientId: ID } })
      break
    case 'xstate.done.actor.loadClient':
      expect(view).toMatchObject({ isLoading: false, isFailed: false, dialog: null })
      expect(view.info?.id).toBe(ID)
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadCoupons')
      break
    case 'xstate.error.actor.loadClient':
      expect(view).toMatchObject({ isLoading: false, isFailed: true, info: null })
      expect(view.error).not.toBeNull()
      break
    case 'xstate.done.actor.loadCoupons':
      expect(view.coupons).toMatchObject({ isLoading: false, isFailed: false, total: COUPONS.metadata.total })
      expect(view.coupons.rows).toEqual(COUPONS.data)
      break
    case 'xstate.error.actor.loadCoupons':
      expect(view.coupons).toMatchObject({ isLoading: false, isFailed: true })
      break
    case 'coupons.filter':
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall).toMatchObject({ actor: 'loadCoupons', input: { state: last.state } })
      break
    case 'coupons.retry':
      expect(view.coupons.isLoading).toBe(true)
      expect(lastCall?.actor).toBe('loadCoupons')
      break
    case 'points.open':
      expect(view).toMatchObject({ dialog: 'points', points: '', fieldError: null, isSubmitting: false })
      break
    case 'points.change':
      expect(view).toMatchObject({ dialog: 'points', points: last.value, fieldError: null })
      break
    case 'points.submit': {
      const rule = validatePoints(points, balance)
      expect(view.dialog).toBe('points')
      expect(view.isSubmitting).toBe(rule === null)
      expect(view.fieldError).toBe(rule)
      if (rule === null)
        expect(lastCall).toMatchObject({ actor: 'movePoints', input: { points: Number(points) } })
      break
    }
    case 'sale.open':
      expect(view).toMatchObject({ dialog: 'sale', amount: '', fieldError: null, isSubmitting: false })
      break
    case 'sale.change':
      expect(view).toMatchObject({ dialog: 'sale', amount: last.value, fieldError: null })
      break
    case 'sale.submit': {
      const rule = validateSaleAmount(amount)
      expect(view.dialog).toBe('sale')
      expect(view.isSubmitting).toBe(rule === null)
      if (rule === null) expect(lastCall).toMatchObject({ actor: 'recordSale', input: { amount } })
      else expect(view.fieldError).toBe(rule)
      break
    }
    case 'xstate.done.actor.movePoints':
    case 'xstate.done.actor.recordSale':
    case 'xstate.done.actor.redeemOffer':
      // The card's figures replace the page's, the dialog closes and a toast says so.
      expect(view.dialog).toBeNull()
      expect(view.info?.points).toBe(CARD.points)
      expect(view.info?.transactions[0]?.id).toBe(CARD.transaction!.id)
      expect(effects.at(-1)).toMatch(/^notify:/)
      break
    case 'xstate.error.actor.movePoints':
    case 'xstate.error.actor.recordSale':
      expect(view.dialog).toBe(last.type.endsWith('movePoints') ? 'points' : 'sale')
      expect(view.isSubmitting).toBe(false)
      expect(view.fieldError ?? view.dialogError ?? effects.at(-1)).toBeTruthy()
      break
    case 'offer.redeem':
      expect(view.dialog).toBe('redeemOffer')
      expect(view.offerToRedeem?.id).toBe(last.offerId)
      break
    case 'coupon.redeem':
      expect(view.dialog).toBe('redeemCoupon')
      expect(view.couponToRedeem?.id).toBe(last.couponId)
      break
    case 'dialog.confirm': {
      expect(view.isSubmitting).toBe(true)
      const actor = { redeemOffer: 'redeemOffer', redeemCoupon: 'redeemCoupon', delete: 'deleteClient' }[
        view.dialog as string
      ]
      expect(lastCall?.actor).toBe(actor)
      break
    }
    case 'dialog.close':
      expect(view.dialog).toBeNull()
      break
    case 'xstate.error.actor.redeemOffer':
    case 'xstate.error.actor.redeemCoupon':
    case 'xstate.error.actor.deleteClient':
      expect(view.isSubmitting).toBe(false)
      expect(view.dialog).not.toBeNull()
      expect(view.dialogError ?? effects.at(-1)).toBeTruthy()
      break
    case 'xstate.done.actor.redeemCoupon':
      expect(view.dialog).toBeNull()
      expect(view.activeCoupons.some((c) => c.id === ACTIVE.data[0]!.id)).toBe(false)
      expect(effects.at(-1)).toMatch(/^notify:/)
      break
    case 'client.edit':
      expect(view.dialog).toBe('edit')
      break
    case 'xstate.done.actor.clientForm': {
      const client = (last.output as { client: ClientDetail | null }).client
      expect(view.dialog).toBeNull()
      if (client) expect(view.info?.firstName).toBe(client.firstName)
      break
    }
    case 'client.delete':
      expect(view).toMatchObject({ dialog: 'delete', isSubmitting: false })
      break
    case 'xstate.done.actor.deleteClient':
      expect(view.isDeleted).toBe(true)
      expect(effects).toContain('goToList')
      break
    default:
      throw new Error(`no expectation for ${last?.type}`)
  }
}

describe('client detail machine', () => {
  const generated = paths(clientDetailMachine)

  it('reaches every state', () => {
    expectEveryStateReached(clientDetailMachine, generated)
  })

  it('replays every path: moves only at the current store, valid points, a toast per answer', () => {
    expect(generated.length).toBeGreaterThan(100)
    checkEachPath(generated, (path, events) => {
      const calls: Calls = []
      const effects: string[] = []
      const actor = createActor(harness(calls, effects), { input }).start()
      for (const event of events) actor.send(event as never)
      const snapshot = actor.getSnapshot()
      actor.stop()
      expectLastEventShown(events, snapshot, calls, effects)
      for (const c of calls) {
        const i = c.input as Record<string, unknown>
        if (c.actor === 'movePoints') {
          expect(i).toMatchObject({ userId: ID, merchantId: FRANCHISE_ID, storeId: STORE_1 })
          expect(Number.isInteger(i.points) && i.points !== 0).toBe(true)
        }
        if (['recordSale', 'redeemOffer', 'redeemCoupon'].includes(c.actor)) expect(i.storeId).toBe(STORE_1)
        if (c.actor === 'recordSale') expect(validateSaleAmount(i.amount as string)).toBeNull()
        if (c.actor === 'redeemOffer') expect(i.offerId).toBe(cheap.id)
      }
      const answers = path.steps.filter((s) =>
        /^xstate\.(done|error)\.actor\.(movePoints|recordSale|redeemOffer|redeemCoupon|deleteClient)$/.test(
          s.event.type,
        ),
      )
      // Each answer of a move is told in a toast (success or §8 error) when it reached its dialog.
      expect(effects.filter((e) => e.startsWith('notify:')).length).toBeLessThanOrEqual(
        answers.length + path.steps.filter((s) => s.event.type === 'xstate.done.actor.clientForm').length,
      )
      if (snapshot.matches('deleted')) expect(effects).toContain('goToList')
      if (snapshot.matches('failed')) expect(snapshot.context.info).toBeNull()
    })
  }, 60_000)
})
