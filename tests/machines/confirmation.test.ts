import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { confirmationMachine, type Offer, toConfirmationView } from '../../machines/confirmation'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

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
    const pages: string[] = []
    replayEachPath(confirmationMachine, paths, {
      actors: ACTORS,
      provide: (m) => m.provide({ actions: { loadPage: (_, p: { url: string }) => pages.push(p.url) } }),
      check: ({ events, last, snapshot, calls }) => {
        const view = toConfirmationView(snapshot)
        let ticked = false
        for (const e of events) if (e.type === 'confirmation.toggle') ticked = e.accepted
        // Terms are sent only once ticked, and the offer asked only after they were accepted.
        const accepts = events.filter((e) => e.type === 'confirmation.accept').length
        expect(calls.filter((c) => c.actor === 'acceptTerms').length).toBeLessThanOrEqual(
          accepts + events.filter((e) => e.type === 'confirmation.retry').length,
        )
        if (calls.some((c) => c.actor === 'loadOffer')) {
          expect(calls[0]?.actor).toBe('acceptTerms')
          expect(events.some((e) => e.type === 'xstate.done.actor.acceptTerms')).toBe(true)
        }
        const paid = last?.type === 'confirmation.subscribe'
        expect(pages.splice(0)).toEqual(paid ? [offer.url] : [])
        switch (last?.type) {
          case undefined:
          case 'confirmation.toggle':
            expect(view).toMatchObject({
              step: 'terms',
              accepted: ticked,
              canAccept: ticked,
              canToggle: true,
            })
            expect(calls).toEqual([])
            break
          case 'confirmation.accept':
            expect(ticked).toBe(true)
            expect(view).toMatchObject({ step: 'terms', isAccepting: true, canToggle: false })
            expect(calls.at(-1)?.actor).toBe('acceptTerms')
            break
          case 'xstate.error.actor.acceptTerms':
            expect(view).toMatchObject({
              step: 'terms',
              canRetry: true,
              error: 'auth.confirmation.errors.terms',
            })
            break
          case 'confirmation.retry': {
            const failed = events.findLast((e) => e.type.startsWith('xstate.error.actor.'))!
            const actor = failed.type.slice('xstate.error.actor.'.length)
            expect(calls.at(-1)?.actor).toBe(actor)
            expect(actor === 'acceptTerms' ? view.isAccepting : view.isLoadingOffer).toBe(true)
            break
          }
          case 'xstate.done.actor.acceptTerms':
            expect(view.isLoadingOffer).toBe(true)
            expect(calls.at(-1)?.actor).toBe('loadOffer')
            break
          case 'xstate.done.actor.loadOffer':
            if (last.output)
              expect(view).toMatchObject({ step: 'offer', plan: offer.plan, canSubscribe: true })
            else expect(view).toMatchObject({ step: 'unavailable', canSubscribe: false })
            break
          case 'xstate.error.actor.loadOffer':
            expect(view).toMatchObject({
              step: 'offer',
              canRetry: true,
              error: 'auth.confirmation.errors.offer',
            })
            break
          case 'confirmation.subscribe':
            expect(view.isRedirecting).toBe(true)
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
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
