import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { loginMachine, toLoginView } from '../../machines/login'
import { ApiError } from '../../src/api/client'
import { account } from '../support/fixtures'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

const ACTORS = ['signIn', 'loadAccount', 'revokeSession', 'fetchPaymentLink']
const events = [
  { type: 'login.change', field: 'email', value: 'owner@demo.test' },
  { type: 'login.change', field: 'password', value: 'demo-password' },
  { type: 'login.change', field: 'email', value: 'ab' },
  { type: 'login.blur', field: 'email' },
  { type: 'login.submit' },
  { type: 'xstate.done.actor.signIn', output: { id: 'token', userId: 'u1' } },
  { type: 'xstate.error.actor.signIn', error: new ApiError(401, 'LOGIN_FAILED', 'Wrong e-mail or password') },
  { type: 'xstate.done.actor.loadAccount', output: account('owner') },
  { type: 'xstate.done.actor.loadAccount', output: account('customer') },
  { type: 'xstate.done.actor.loadAccount', output: account('unpaid') },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'xstate.done.actor.fetchPaymentLink', output: 'http://localhost/checkout/1' },
]

describe('login machine', () => {
  const paths = generatePaths(loginMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(loginMachine, paths)
  })

  it('shows on every generated path what its last event must show, and signs in only with valid input', () => {
    expect(paths.length).toBeGreaterThan(10)
    replayEachPath(loginMachine, paths, {
      actors: ACTORS,
      check: ({ events, last, snapshot, calls }) => {
        const view = toLoginView(snapshot)
        // What was typed, folded from the path's own change events; a refused role's password is dropped.
        const typed = { email: '', password: '' }
        for (const e of events) {
          if (e.type === 'login.change') typed[e.field as 'email' | 'password'] = e.value
          if (e.type === 'xstate.done.actor.revokeSession') typed.password = ''
        }
        const valid = typed.email.length >= 4 && typed.password.length >= 2
        for (const c of calls.filter((x) => x.actor === 'signIn')) {
          const input = c.input as { email: string; password: string }
          expect(input.email.length).toBeGreaterThanOrEqual(4)
          expect(input.password.length).toBeGreaterThanOrEqual(2)
        }
        const submits = events.filter((e) => e.type === 'login.submit').length
        expect(calls.filter((c) => c.actor === 'signIn').length).toBeLessThanOrEqual(submits)
        switch (last?.type) {
          case undefined:
          case 'login.change':
          case 'login.blur':
            expect(view).toMatchObject({ isLoading: false, email: typed.email, canSubmit: valid })
            break
          case 'login.submit':
            if (valid) {
              expect(calls.at(-1)).toEqual({ actor: 'signIn', input: typed })
              expect(view).toMatchObject({ isLoading: true, canSubmit: false })
            } else {
              expect(view.isLoading).toBe(false)
              expect(view.canSubmit).toBe(false)
              expect(Object.values(view.errors).some(Boolean)).toBe(true)
            }
            break
          case 'xstate.done.actor.signIn':
            expect(calls.at(-1)?.actor).toBe('loadAccount')
            expect(view.isLoading).toBe(true)
            break
          case 'xstate.error.actor.signIn':
            expect(view).toMatchObject({ isLoading: false, error: 'auth.login.errors.wrongCredentials' })
            break
          case 'xstate.done.actor.loadAccount': {
            const role = last.output.info.role
            if (role === 'CUSTOMER') expect(calls.at(-1)?.actor).toBe('revokeSession')
            else if (last.output.info.isSubscribedRetailer === false)
              expect(calls.at(-1)?.actor).toBe('fetchPaymentLink')
            else {
              expect(snapshot.status).toBe('done')
              expect(snapshot.output).toMatchObject({ kind: 'signedIn', account: last.output })
            }
            break
          }
          case 'xstate.done.actor.revokeSession':
            expect(view).toMatchObject({ isLoading: false, error: 'auth.login.errors.unauthorized' })
            break
          case 'xstate.done.actor.fetchPaymentLink':
            expect(snapshot.status).toBe('done')
            expect(snapshot.output).toMatchObject({ kind: 'payment', url: last.output })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('keeps submit disabled until the §5 rules pass, and shows field errors once touched', () => {
    const actor = createActor(loginMachine.provide({ actors: recordingActors(ACTORS, []) as never })).start()
    const view = () => toLoginView(actor.getSnapshot())
    expect(view().canSubmit).toBe(false)
    actor.send({ type: 'login.change', field: 'email', value: 'abc' })
    expect(view().errors.email).toBeUndefined()
    actor.send({ type: 'login.blur', field: 'email' })
    expect(view().errors.email).toBe('auth.login.errors.emailMin')
    actor.send({ type: 'login.change', field: 'email', value: 'abcd' })
    actor.send({ type: 'login.change', field: 'password', value: 'x' })
    expect(view().canSubmit).toBe(false)
    actor.send({ type: 'login.change', field: 'password', value: 'xy' })
    expect(view().canSubmit).toBe(true)
    actor.send({ type: 'login.submit' })
    expect(view()).toMatchObject({ isLoading: true, canSubmit: false })
  })

  it('refuses a role that may not sign in with "unauthorized", revoking its token', () => {
    const calls: Calls = []
    const actor = createActor(
      loginMachine.provide({ actors: recordingActors(ACTORS, calls) as never }),
    ).start()
    actor.send({ type: 'login.change', field: 'email', value: 'client@demo.test' })
    actor.send({ type: 'login.change', field: 'password', value: 'secret' })
    actor.send({ type: 'login.submit' })
    actor.send({ type: 'xstate.done.actor.signIn', output: { id: 't', userId: 'u' } } as never)
    actor.send({ type: 'xstate.done.actor.loadAccount', output: account('customer') } as never)
    expect(calls.map((c) => c.actor)).toEqual(['signIn', 'loadAccount', 'revokeSession'])
    actor.send({ type: 'xstate.done.actor.revokeSession' } as never)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(toLoginView(actor.getSnapshot()).error).toBe('auth.login.errors.unauthorized')
  })

  it('shows server field errors on the fields and wrong credentials above the form', () => {
    const actor = createActor(loginMachine.provide({ actors: recordingActors(ACTORS, []) as never })).start()
    actor.send({ type: 'login.change', field: 'email', value: 'owner@demo' })
    actor.send({ type: 'login.change', field: 'password', value: 'demo' })
    actor.send({ type: 'login.submit' })
    actor.send({
      type: 'xstate.error.actor.signIn',
      error: new ApiError(400, 'VALIDATION_FAILED', 'bad', { field: 'email' }),
    } as never)
    expect(toLoginView(actor.getSnapshot()).errors.email).toBe('auth.login.errors.invalid')
    actor.send({ type: 'login.submit' })
    actor.send({ type: 'xstate.error.actor.signIn', error: new ApiError(401, 'LOGIN_FAILED', 'no') } as never)
    expect(toLoginView(actor.getSnapshot()).error).toBe('auth.login.errors.wrongCredentials')
  })

  it('ends with the payment link for an account that has not subscribed', () => {
    const actor = createActor(loginMachine.provide({ actors: recordingActors(ACTORS, []) as never })).start()
    actor.send({ type: 'login.change', field: 'email', value: 'unpaid@demo.test' })
    actor.send({ type: 'login.change', field: 'password', value: 'demo-password' })
    actor.send({ type: 'login.submit' })
    actor.send({ type: 'xstate.done.actor.signIn', output: { id: 't', userId: 'u' } } as never)
    actor.send({ type: 'xstate.done.actor.loadAccount', output: account('unpaid') } as never)
    actor.send({ type: 'xstate.done.actor.fetchPaymentLink', output: 'http://x/checkout/1' } as never)
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'payment', url: 'http://x/checkout/1' })
  })
})
