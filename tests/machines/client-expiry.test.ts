import { describe, expect, it } from 'vitest'
import { clientExpiryMachine, toClientExpiryView } from '../../machines/client-expiry'
import type { ClientExpiryResponse } from '../../src/domain/expiry'
import { expectEveryStateReached, generatePaths, replayEachPath } from '../support/model'

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
    replayEachPath(clientExpiryMachine, paths, {
      actors: ['loadExpiry'],
      input,
      check: ({ events, last, snapshot, calls }) => {
        const retries = events.filter((e) => e.type === 'expiry.retry').length
        expect(calls).toEqual(Array.from({ length: retries + 1 }, () => ({ actor: 'loadExpiry', input })))
        const view = toClientExpiryView(snapshot)
        switch (last?.type) {
          case undefined:
          case 'expiry.retry':
            expect(view).toMatchObject({ isLoading: true, isHidden: true })
            break
          case 'xstate.done.actor.loadExpiry':
            if (last.output.mode === 'OFF') expect(view.isHidden).toBe(true)
            else {
              expect(view).toMatchObject({ isHidden: false, isFailed: false, mode: 'BATCH', total: 110 })
              expect(view.upcoming.map((u) => u.expiresOn)).toEqual(['2028-01-15', '2028-03-10'])
            }
            break
          case 'xstate.error.actor.loadExpiry':
            expect(view).toMatchObject({ isFailed: true, canRetry: true, isHidden: false })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })
})
