// The sign-up link's machine (issue 34): a usable link creates the account once and restarts the
// session with its token; a used, expired or mangled link says so; another failure can be retried.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { registerConfirmMachine, toRegisterConfirmView } from '../../machines/register-confirm'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const ACTORS = ['confirmSignUp']
const TOKEN = 'Zq1x8r7LmN2b4V6c9D0f3G5hK2pQ7wE4tY6uI8oP0aS'
const invalid = new ApiError(400, 'SIGN_UP_LINK_INVALID', 'This link is invalid or has expired', {
  field: 'token',
})
const events = [
  { type: 'xstate.done.actor.confirmSignUp' },
  { type: 'xstate.error.actor.confirmSignUp', error: invalid },
  { type: 'xstate.error.actor.confirmSignUp', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  { type: 'registerConfirm.retry' },
]

function start(token: string | null, calls: Calls = [], effects: string[] = []) {
  const machine = registerConfirmMachine.provide({
    actors: recordingActors(ACTORS, calls) as never,
    actions: { restartSession: () => effects.push('restartSession') },
  })
  return createActor(machine, { input: { token } }).start()
}

describe('register-confirm machine', () => {
  const paths = [TOKEN, null].flatMap((token) =>
    generatePaths(registerConfirmMachine, events, { token }).map((p) => ({ ...p, token })),
  )

  it('reaches every state', () => {
    expectEveryStateReached(registerConfirmMachine, paths)
  })

  it('replays every path; calls only with the link’s token, restarts the session only when done', () => {
    checkEachPath(paths, (path, events) => {
      const calls: Calls = []
      const effects: string[] = []
      const machine = registerConfirmMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { restartSession: () => effects.push('restartSession') },
      })
      const view = toRegisterConfirmView(replay(machine, path.steps, { token: path.token }))
      for (const c of calls) expect(c.input).toEqual({ token: TOKEN })
      const last = events.at(-1)
      expect(effects).toEqual(last?.type === 'xstate.done.actor.confirmSignUp' ? ['restartSession'] : [])
      switch (last?.type) {
        case undefined:
          // A link without a token is invalid at once, and nothing is asked.
          if (path.token === null) {
            expect(view).toMatchObject({ isLinkInvalid: true, isConfirming: false })
            expect(calls).toEqual([])
          } else expect(view.isConfirming).toBe(true)
          break
        case 'registerConfirm.retry':
          expect(view.isConfirming).toBe(true)
          expect(calls).toHaveLength(1 + events.filter((e) => e.type === 'registerConfirm.retry').length)
          break
        case 'xstate.done.actor.confirmSignUp':
          expect(view).toMatchObject({ isDone: true, isConfirming: false })
          break
        case 'xstate.error.actor.confirmSignUp':
          if (last.error.code === 'SIGN_UP_LINK_INVALID')
            expect(view).toMatchObject({ isLinkInvalid: true, canRetry: false })
          else expect(view).toMatchObject({ isLinkInvalid: false, canRetry: true })
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
  })

  it('creates the account with the link’s token, then restarts the session', () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = start(TOKEN, calls, effects)
    expect(toRegisterConfirmView(actor.getSnapshot())).toMatchObject({ isConfirming: true, canRetry: false })
    expect(calls).toEqual([{ actor: 'confirmSignUp', input: { token: TOKEN } }])
    actor.send({ type: 'xstate.done.actor.confirmSignUp' } as never)
    expect(toRegisterConfirmView(actor.getSnapshot()).isDone).toBe(true)
    expect(effects).toEqual(['restartSession'])
  })

  it('says a link without a usable token is invalid, without calling', () => {
    for (const token of [null, '', 'short']) {
      const calls: Calls = []
      const actor = start(token, calls)
      expect(toRegisterConfirmView(actor.getSnapshot()).isLinkInvalid).toBe(true)
      expect(calls).toEqual([])
    }
  })

  it('says a spent or expired link is invalid; retries another failure', () => {
    const spent = start(TOKEN)
    spent.send({ type: 'xstate.error.actor.confirmSignUp', error: invalid } as never)
    expect(toRegisterConfirmView(spent.getSnapshot())).toMatchObject({ isLinkInvalid: true, canRetry: false })

    const calls: Calls = []
    const offline = start(TOKEN, calls)
    offline.send({
      type: 'xstate.error.actor.confirmSignUp',
      error: new ApiError(0, 'NETWORK_ERROR', 'offline'),
    } as never)
    expect(toRegisterConfirmView(offline.getSnapshot())).toMatchObject({
      error: 'errors.generic',
      canRetry: true,
      isConfirming: false,
    })
    offline.send({ type: 'registerConfirm.retry' })
    expect(calls).toHaveLength(2)
    expect(toRegisterConfirmView(offline.getSnapshot())).toMatchObject({ error: null, isConfirming: true })
  })
})
