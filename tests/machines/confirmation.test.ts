import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { confirmationMachine, type Offer, toConfirmationView } from '../../machines/confirmation'
import { ApiError } from '../../src/api/client'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const ACTORS = ['acceptTerms', 'loadOffer']
const offer: Offer = {
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  url: 'http://localhost:3000/checkout/5a3c0e7e-2f47-4d4b-9a51-0b8a6a1d7c11',
}
const events = [
  { type: 'confirmation.toggle', accepted: true },
  { type: 'confirmation.toggle', accepted: false },
  { type: 'confirmation.accept' },
  { type: 'confirmation.retry' },
  { type: 'confirmation.subscribe' },
  { type: 'xstate.done.actor.acceptTerms' },
  { type: 'xstate.error.actor.acceptTerms', error: new ApiError(500, 'INTERNAL', 'x') },
  { type: 'xstate.done.actor.loadOffer', output: offer },
  { type: 'xstate.done.actor.loadOffer', output: null },
  { type: 'xstate.error.actor.loadOffer', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
]

function start(calls: Calls = [], pages: string[] = []) {
  return createActor(
    confirmationMachine.provide({
      actors: recordingActors(ACTORS, calls) as never,
      actions: { loadPage: (_, p: { url: string }) => pages.push(p.url) },
    }),
  ).start()
}

describe('confirmation machine', () => {
  const paths = generatePaths(confirmationMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(confirmationMachine, paths)
  })

  it('replays every generated path: terms are accepted only when ticked, the page loads only to pay', () => {
    expect(paths.length).toBeGreaterThan(8)
    for (const path of paths) {
      const calls: Calls = []
      const pages: string[] = []
      const machine = confirmationMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { loadPage: (_, p: { url: string }) => pages.push(p.url) },
      })
      const snapshot = replay(machine, path.steps)
      expect(snapshot.value).toEqual(path.state.value)
      const accepting = path.steps.findIndex((s) => s.state.matches('accepting'))
      if (accepting >= 0) expect(path.steps[accepting]?.state.context.accepted).toBe(true)
      expect(pages).toEqual(snapshot.matches('redirecting') ? [offer.url] : [])
      if (calls.some((c) => c.actor === 'loadOffer')) expect(calls[0]?.actor).toBe('acceptTerms')
    }
  })

  it('accepts the terms once ticked, then shows the plan and goes to pay', () => {
    const calls: Calls = []
    const pages: string[] = []
    const actor = start(calls, pages)
    const view = () => toConfirmationView(actor.getSnapshot())
    expect(view()).toMatchObject({ step: 'terms', canAccept: false, canToggle: true })
    actor.send({ type: 'confirmation.accept' })
    expect(calls).toEqual([])
    actor.send({ type: 'confirmation.toggle', accepted: true })
    expect(view().canAccept).toBe(true)
    actor.send({ type: 'confirmation.accept' })
    expect(view()).toMatchObject({ step: 'terms', isAccepting: true, canAccept: false, canToggle: false })
    actor.send({ type: 'xstate.done.actor.acceptTerms' } as never)
    expect(view()).toMatchObject({ step: 'offer', isLoadingOffer: true })
    actor.send({ type: 'xstate.done.actor.loadOffer', output: offer } as never)
    expect(view()).toMatchObject({ step: 'offer', plan: offer.plan, canSubscribe: true })
    actor.send({ type: 'confirmation.subscribe' })
    expect(pages).toEqual([offer.url])
    expect(view()).toMatchObject({ isRedirecting: true, canSubscribe: false })
    expect(calls.map((c) => c.actor)).toEqual(['acceptTerms', 'loadOffer'])
  })

  it('retries a failed acceptance, and a failed offer without asking for the terms again', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({ type: 'confirmation.toggle', accepted: true })
    actor.send({ type: 'confirmation.accept' })
    actor.send({ type: 'xstate.error.actor.acceptTerms', error: new ApiError(500, 'X', 'x') } as never)
    expect(toConfirmationView(actor.getSnapshot())).toMatchObject({
      step: 'terms',
      canRetry: true,
      error: 'auth.confirmation.errors.terms',
    })
    actor.send({ type: 'confirmation.retry' })
    actor.send({ type: 'xstate.done.actor.acceptTerms' } as never)
    actor.send({
      type: 'xstate.error.actor.loadOffer',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(toConfirmationView(actor.getSnapshot())).toMatchObject({
      step: 'offer',
      canRetry: true,
      error: 'auth.confirmation.errors.offer',
    })
    actor.send({ type: 'confirmation.retry' })
    expect(calls.map((c) => c.actor)).toEqual(['acceptTerms', 'acceptTerms', 'loadOffer', 'loadOffer'])
  })

  it('says so when no plan is on sale', () => {
    const actor = start()
    actor.send({ type: 'confirmation.toggle', accepted: true })
    actor.send({ type: 'confirmation.accept' })
    actor.send({ type: 'xstate.done.actor.acceptTerms' } as never)
    actor.send({ type: 'xstate.done.actor.loadOffer', output: null } as never)
    expect(toConfirmationView(actor.getSnapshot()).step).toBe('unavailable')
  })
})
