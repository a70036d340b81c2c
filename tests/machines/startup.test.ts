import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { startupMachine, toStartupView } from '../../machines/startup'
import { ApiError } from '../../src/api/client'
import { account } from '../support/fixtures'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

const ACTORS = ['loadAccount', 'revokeSession', 'fetchPaymentLink']
const events = [
  { type: 'xstate.done.actor.loadAccount', output: account('owner') },
  { type: 'xstate.done.actor.loadAccount', output: account('admin') },
  { type: 'xstate.done.actor.loadAccount', output: account('customer') },
  { type: 'xstate.done.actor.loadAccount', output: account('unpaid') },
  {
    type: 'xstate.error.actor.loadAccount',
    error: new ApiError(401, 'UNAUTHORIZED', 'Invalid access_token'),
  },
  { type: 'xstate.error.actor.loadAccount', error: new ApiError(0, 'NETWORK_ERROR', 'down') },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'xstate.done.actor.fetchPaymentLink', output: 'http://x/checkout/1' },
  { type: 'xstate.error.actor.fetchPaymentLink', error: new ApiError(500, 'INTERNAL_ERROR', 'x') },
  { type: 'startup.retry' },
]

describe('startup machine', () => {
  const withToken = generatePaths(startupMachine, events, { hasToken: true })
  const withoutToken = generatePaths(startupMachine, events, { hasToken: false })

  it('reaches every state', () => {
    expectEveryStateReached(startupMachine, [...withToken, ...withoutToken])
  })

  it('replays every path; without a token it calls nothing and ends signed out', () => {
    for (const [input, paths] of [
      [{ hasToken: true }, withToken],
      [{ hasToken: false }, withoutToken],
    ] as const) {
      replayEachPath(startupMachine, paths, {
        actors: ACTORS,
        input,
        check: ({ last, snapshot, calls }) => {
          if (!input.hasToken) expect(calls).toEqual([])
          const view = toStartupView(snapshot)
          switch (last?.type) {
            case undefined:
            case 'startup.retry':
              if (!input.hasToken) {
                expect(snapshot.output).toEqual({ kind: 'signedOut' })
                break
              }
              expect(view).toMatchObject({ isBusy: true, message: 'loggingIn' })
              expect(calls.at(-1)?.actor).toBe('loadAccount')
              break
            case 'xstate.done.actor.loadAccount': {
              const role = last.output.info.role
              if (role === 'CUSTOMER') expect(calls.at(-1)?.actor).toBe('revokeSession')
              // Staff (LB_*) need no subscription; a merchant without one is sent to pay.
              else if (last.output.info.isSubscribedRetailer === false && !role.startsWith('LB_'))
                expect(calls.at(-1)?.actor).toBe('fetchPaymentLink')
              else expect(snapshot.output).toMatchObject({ kind: 'signedIn', account: last.output })
              break
            }
            case 'xstate.error.actor.loadAccount':
              // A refused token signs out; any other failure offers a retry.
              if (last.error.status === 401) expect(snapshot.output).toEqual({ kind: 'signedOut' })
              else expect(view).toMatchObject({ isBusy: false, canRetry: true, error: 'couldNotGetUserData' })
              break
            case 'xstate.done.actor.revokeSession':
              expect(snapshot.output).toEqual({ kind: 'signedOut' })
              break
            case 'xstate.done.actor.fetchPaymentLink':
              expect(snapshot.output).toMatchObject({ kind: 'payment', url: last.output })
              break
            case 'xstate.error.actor.fetchPaymentLink':
              expect(snapshot.output).toMatchObject({ kind: 'payment', url: null })
              break
            default:
              throw new Error(`no expectation for ${last?.type}`)
          }
        },
      })
    }
    const none = createActor(startupMachine, { input: { hasToken: false } }).start()
    expect(none.getSnapshot().output).toEqual({ kind: 'signedOut' })
  })

  const run = (...evs: object[]) => {
    const calls: Calls = []
    const actor = createActor(startupMachine.provide({ actors: recordingActors(ACTORS, calls) as never }), {
      input: { hasToken: true },
    }).start()
    const messages = [toStartupView(actor.getSnapshot()).message]
    for (const e of evs) actor.send(e as never)
    messages.push(actor.getSnapshot().context.message)
    return { snap: actor.getSnapshot(), calls, messages }
  }

  it("shows 'Logging in with JWT' then 'Logged in with JWT' and lets an owner in", () => {
    const { snap, messages } = run({ type: 'xstate.done.actor.loadAccount', output: account('owner') })
    expect(messages).toEqual(['loggingIn', 'loggedIn'])
    expect(snap.output).toMatchObject({ kind: 'signedIn', account: { role: 'FRANCHISE_OWNER' } })
  })

  it('marks an admin session as super-admin', () => {
    const { snap } = run({ type: 'xstate.done.actor.loadAccount', output: account('admin') })
    expect(snap.output).toMatchObject({ kind: 'signedIn', account: { isSuperAdmin: true } })
  })

  it('logs any other role out', () => {
    const { snap, calls } = run(
      { type: 'xstate.done.actor.loadAccount', output: account('customer') },
      { type: 'xstate.done.actor.revokeSession' },
    )
    expect(calls.map((c) => c.actor)).toEqual(['loadAccount', 'revokeSession'])
    expect(snap.output).toEqual({ kind: 'signedOut' })
  })

  it('sends an unsubscribed owner to the payment link', () => {
    const { snap } = run(
      { type: 'xstate.done.actor.loadAccount', output: account('unpaid') },
      { type: 'xstate.done.actor.fetchPaymentLink', output: 'http://x/pay' },
    )
    expect(snap.output).toMatchObject({ kind: 'payment', url: 'http://x/pay' })
  })

  it("offers a retry when the user data could not be fetched ('Could not get user data.')", () => {
    const { snap } = run({
      type: 'xstate.error.actor.loadAccount',
      error: new ApiError(0, 'NETWORK_ERROR', 'down'),
    })
    expect(toStartupView(snap)).toMatchObject({ error: 'couldNotGetUserData', canRetry: true })
  })
})
