import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { subscriptionMachine, toSubscriptionView } from '../../machines/subscription'
import type { SubscriptionDetail } from '../../src/domain/subscription'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const END = '2099-01-15T10:00:00.000Z'
const PLAN = { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' }
const INVOICE = {
  id: 'in_1',
  date: '2098-12-15T10:00:00.000Z',
  amountCents: 4900,
  currencyCode: 'EUR',
  status: 'paid',
}
const ACTIVE: SubscriptionDetail = {
  status: 'active',
  isSubscribedRetailer: true,
  since: INVOICE.date,
  plan: PLAN,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: END,
  invoices: [INVOICE],
}
const ENDING: SubscriptionDetail = { ...ACTIVE, cancelAtPeriodEnd: true }
/** Stripe's: managed in its customer portal, never cancelled or resumed here. */
const PORTAL: SubscriptionDetail = { ...ACTIVE, manage: 'portal' }
const PORTAL_ENDING: SubscriptionDetail = { ...ENDING, manage: 'portal' }
const NONE: SubscriptionDetail = {
  status: 'inactive',
  isSubscribedRetailer: false,
  since: null,
  plan: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  invoices: [],
}
const input = { userId: 'u1' }

const events = [
  { type: 'xstate.done.actor.loadSubscription', output: ACTIVE },
  { type: 'xstate.done.actor.loadSubscription', output: ENDING },
  { type: 'xstate.done.actor.loadSubscription', output: NONE },
  { type: 'xstate.done.actor.loadSubscription', output: PORTAL },
  { type: 'xstate.done.actor.loadSubscription', output: PORTAL_ENDING },
  { type: 'xstate.error.actor.loadSubscription', error: new Error('down') },
  { type: 'subscription.retry' },
  { type: 'subscription.cancel' },
  { type: 'subscription.dismiss' },
  { type: 'subscription.confirm' },
  { type: 'xstate.done.actor.cancelSubscription', output: ENDING },
  { type: 'xstate.error.actor.cancelSubscription', error: new Error('409') },
  { type: 'subscription.resume' },
  { type: 'xstate.done.actor.resumeSubscription', output: ACTIVE },
  { type: 'xstate.error.actor.resumeSubscription', error: new Error('502') },
  { type: 'subscription.pay' },
  { type: 'xstate.done.actor.paymentLink', output: { url: 'http://127.0.0.1/checkout/1' } },
  { type: 'xstate.error.actor.paymentLink', error: new Error('502') },
  { type: 'subscription.manage' },
  { type: 'xstate.done.actor.portalLink', output: { url: 'https://billing.stripe.com/p/session/bps_1' } },
  { type: 'xstate.error.actor.portalLink', error: new Error('502') },
]

function harness(calls: Calls, notices: string[], opened: string[] = []) {
  return subscriptionMachine.provide({
    actors: recordingActors(
      ['loadSubscription', 'changeRenewal', 'paymentLink', 'portalLink'],
      calls,
    ) as never,
    actions: {
      notify: (_, p: { id: string }) => notices.push(p.id),
      openUrl: (_, p: { url: string }) => opened.push(p.url),
    },
  })
}

describe('subscription machine', () => {
  const paths = generatePaths(subscriptionMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(subscriptionMachine, paths)
  })

  it('every path: cancels only a renewing subscription after a confirmation, resumes only an ending one, pays only without one', () => {
    for (const path of paths) {
      const calls: Calls = []
      const snap = replay(harness(calls, []), path.steps, input)
      const shown: SubscriptionDetail[] = []
      for (const step of path.steps) {
        const output = (step.event as { output?: unknown }).output
        if (step.event.type.startsWith('xstate.done.actor.') && output && 'status' in (output as object))
          shown.push(output as SubscriptionDetail)
      }
      for (const [i, c] of calls.entries()) {
        if (c.actor === 'changeRenewal') {
          const { cancel } = c.input as { cancel: boolean }
          const before = shown.at(-1)
          // What the screen showed when it was asked: the last answer before this call.
          expect(before).toBeDefined()
          if (cancel) {
            expect(path.steps.some((s) => s.event.type === 'subscription.confirm')).toBe(true)
            expect(calls.slice(0, i).length).toBeGreaterThan(0)
          }
        }
        if (c.actor === 'paymentLink') expect(shown.some((s) => s.status !== 'active')).toBe(true)
        // Stripe's subscription changes in its portal only; the portal is only Stripe's.
        if (c.actor === 'changeRenewal') expect(shown.at(-1)?.manage).not.toBe('portal')
        if (c.actor === 'portalLink') expect(shown.at(-1)?.manage).toBe('portal')
      }
      const view = toSubscriptionView(snap)
      if (view.isConfirmingCancel) expect(view.state).toBe('active')
    }
  })

  it('shows the plan, renewal and invoices; cancel asks first, then shows the end', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = createActor(harness(calls, notices), { input }).start()
    expect(toSubscriptionView(actor.getSnapshot()).isLoading).toBe(true)
    actor.send({ type: 'xstate.done.actor.loadSubscription', output: ACTIVE } as never)
    let view = toSubscriptionView(actor.getSnapshot())
    expect(view).toMatchObject({ state: 'active', plan: PLAN, periodEnd: END, invoices: [INVOICE] })
    expect(view).toMatchObject({ canCancel: true, canResume: false, canPay: false })
    actor.send({ type: 'subscription.resume' })
    actor.send({ type: 'subscription.pay' })
    expect(calls).toHaveLength(1)
    actor.send({ type: 'subscription.cancel' })
    expect(toSubscriptionView(actor.getSnapshot()).isConfirmingCancel).toBe(true)
    expect(calls).toHaveLength(1)
    actor.send({ type: 'subscription.confirm' })
    expect(calls.at(-1)).toEqual({ actor: 'changeRenewal', input: { userId: 'u1', cancel: true } })
    actor.send({ type: 'xstate.done.actor.cancelSubscription', output: ENDING } as never)
    view = toSubscriptionView(actor.getSnapshot())
    expect(view).toMatchObject({ state: 'ending', periodEnd: END, canCancel: false, canResume: true })
    expect(notices).toEqual(['subscription.messages.cancelled'])
    actor.send({ type: 'subscription.resume' })
    expect(calls.at(-1)).toEqual({ actor: 'changeRenewal', input: { userId: 'u1', cancel: false } })
    actor.send({ type: 'xstate.error.actor.resumeSubscription', error: new Error('502') } as never)
    expect(notices.at(-1)).toBe('subscription.errors.change')
    expect(toSubscriptionView(actor.getSnapshot()).state).toBe('ending')
  })

  it('without a subscription, offers to pay and opens the checkout', () => {
    const calls: Calls = []
    const opened: string[] = []
    const actor = createActor(harness(calls, [], opened), { input }).start()
    actor.send({ type: 'xstate.done.actor.loadSubscription', output: NONE } as never)
    expect(toSubscriptionView(actor.getSnapshot())).toMatchObject({
      state: 'inactive',
      canPay: true,
      canCancel: false,
    })
    actor.send({ type: 'subscription.pay' })
    actor.send({ type: 'xstate.done.actor.paymentLink', output: { url: '/checkout/1' } } as never)
    expect(opened).toEqual(['/checkout/1'])
  })
})
