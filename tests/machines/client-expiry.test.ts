import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { clientExpiryMachine, toClientExpiryView } from '../../machines/client-expiry'
import type { ClientExpiryResponse } from '../../src/domain/expiry'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors } from '../support/model'

const input = {
  franchiseId: '11111111-1111-4111-8111-111111111111',
  clientId: '22222222-2222-4222-8222-222222222222',
}
const BATCH: ClientExpiryResponse = {
  mode: 'BATCH',
  months: 12,
  balance: 110,
  upcoming: [
    { points: 20, expiresOn: '2028-01-15' },
    { points: 90, expiresOn: '2028-03-10' },
  ],
}
const OFF: ClientExpiryResponse = { mode: 'OFF', months: 12, balance: 110, upcoming: [] }

const events = [
  { type: 'xstate.done.actor.loadExpiry', output: BATCH },
  { type: 'xstate.done.actor.loadExpiry', output: OFF },
  { type: 'xstate.error.actor.loadExpiry', error: new Error('down') },
  { type: 'expiry.retry' },
]

describe('client-expiry machine', () => {
  const paths = generatePaths(clientExpiryMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(clientExpiryMachine, paths)
  })

  it('replays every path: loads the client once per attempt, hides itself when expiry is off', () => {
    for (const path of paths) {
      const calls: Calls = []
      const machine = clientExpiryMachine.provide({ actors: recordingActors(['loadExpiry'], calls) as never })
      const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init') actor.send(step.event as never)
      const snap = actor.getSnapshot()
      expect(snap.value).toEqual(path.state.value)
      const retries = path.steps.filter((s) => s.event.type === 'expiry.retry').length
      expect(calls).toEqual(Array.from({ length: retries + 1 }, () => ({ actor: 'loadExpiry', input })))
      const view = toClientExpiryView(snap)
      if (snap.matches('ready')) {
        expect(view).toMatchObject({ isHidden: false, isFailed: false, mode: 'BATCH', total: 110 })
        expect(view.upcoming.map((u) => u.expiresOn)).toEqual(['2028-01-15', '2028-03-10'])
      }
      if (snap.matches('off')) expect(view.isHidden).toBe(true)
      if (snap.matches('failed'))
        expect(view).toMatchObject({ isFailed: true, canRetry: true, isHidden: false })
      if (snap.matches('loading')) expect(view).toMatchObject({ isLoading: true, isHidden: true })
      actor.stop()
    }
  })
})
