import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { forgotPasswordMachine, toForgotPasswordView } from '../../machines/forgot-password'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

const ACTORS = ['requestPasswordReset']
const events = [
  { type: 'forgotPassword.change', value: 'marie@boulangerie-dupont.fr' },
  { type: 'forgotPassword.change', value: 'marie' },
  { type: 'forgotPassword.blur' },
  { type: 'forgotPassword.submit' },
  { type: 'forgotPassword.retry' },
  { type: 'forgotPassword.resend' },
  { type: 'forgotPassword.edit' },
  { type: 'xstate.done.actor.requestPasswordReset' },
  { type: 'xstate.error.actor.requestPasswordReset', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  {
    type: 'xstate.error.actor.requestPasswordReset',
    error: new ApiError(400, 'VALIDATION_FAILED', 'bad', { field: 'email' }),
  },
]

const start = (calls: Calls = []) =>
  createActor(forgotPasswordMachine.provide({ actors: recordingActors(ACTORS, calls) as never })).start()

describe('forgot-password machine', () => {
  const paths = generatePaths(forgotPasswordMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(forgotPasswordMachine, paths)
  })

  it('replays every generated path and only ever sends a valid address', () => {
    expect(paths.length).toBeGreaterThan(8)
    replayEachPath(forgotPasswordMachine, paths, {
      actors: ACTORS,
      check: ({ events, last, snapshot, calls }) => {
        const view = toForgotPasswordView(snapshot)
        let email = ''
        for (const e of events) if (e.type === 'forgotPassword.change') email = e.value
        const valid = email === 'marie@boulangerie-dupont.fr'
        for (const c of calls) expect(c.input).toEqual({ email: 'marie@boulangerie-dupont.fr' })
        const sends = ['forgotPassword.submit', 'forgotPassword.retry', 'forgotPassword.resend']
        expect(calls.length).toBeLessThanOrEqual(events.filter((e) => sends.includes(e.type)).length)
        switch (last?.type) {
          case undefined:
          case 'forgotPassword.change':
          case 'forgotPassword.blur':
          case 'forgotPassword.edit':
            expect(view).toMatchObject({ email, isSending: false, isSent: false, canSubmit: valid })
            break
          case 'forgotPassword.submit':
            expect(view.isSending).toBe(valid)
            if (valid) expect(calls.at(-1)?.actor).toBe('requestPasswordReset')
            else expect(view.emailError).not.toBeNull()
            break
          case 'forgotPassword.retry':
          case 'forgotPassword.resend':
            expect(view.isSending).toBe(true)
            expect(calls.at(-1)?.actor).toBe('requestPasswordReset')
            break
          case 'xstate.done.actor.requestPasswordReset':
            expect(view).toMatchObject({ isSent: true, isSending: false })
            break
          case 'xstate.error.actor.requestPasswordReset':
            // A refused address shows on the field; any other failure offers a retry.
            if (last.error.status === 400) expect(view).toMatchObject({ canRetry: false, canSubmit: false })
            else expect(view).toMatchObject({ canRetry: true, isSending: false })
            if (last.error.status === 400) expect(view.emailError).not.toBeNull()
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('asks for a valid e-mail before sending, then confirms', () => {
    const calls: Calls = []
    const actor = start(calls)
    const view = () => toForgotPasswordView(actor.getSnapshot())
    expect(view()).toMatchObject({ canSubmit: false, emailError: null })
    actor.send({ type: 'forgotPassword.submit' })
    expect(view().emailError).toBe('auth.form.required')
    actor.send({ type: 'forgotPassword.change', value: 'marie@boulangerie' })
    expect(view().emailError).toBe('auth.form.emailInvalid')
    actor.send({ type: 'forgotPassword.change', value: ' marie@boulangerie-dupont.fr ' })
    expect(view()).toMatchObject({ canSubmit: true, emailError: null })
    actor.send({ type: 'forgotPassword.submit' })
    expect(view()).toMatchObject({ isSending: true, canSubmit: false })
    expect(calls).toEqual([
      { actor: 'requestPasswordReset', input: { email: 'marie@boulangerie-dupont.fr' } },
    ])
    actor.send({ type: 'xstate.done.actor.requestPasswordReset' } as never)
    expect(view()).toMatchObject({ isSent: true, email: ' marie@boulangerie-dupont.fr ' })
  })

  it('offers a retry when the request fails, and sends again', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({ type: 'forgotPassword.change', value: 'marie@boulangerie-dupont.fr' })
    actor.send({ type: 'forgotPassword.submit' })
    actor.send({
      type: 'xstate.error.actor.requestPasswordReset',
      error: new ApiError(0, 'NETWORK_ERROR', 'offline'),
    } as never)
    expect(toForgotPasswordView(actor.getSnapshot())).toMatchObject({
      canRetry: true,
      error: 'auth.forgotPassword.errors.sendFailed',
    })
    actor.send({ type: 'forgotPassword.retry' })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(toForgotPasswordView(actor.getSnapshot()).error).toBeNull()
    expect(calls).toHaveLength(2)
  })

  it('can send the link again, or go back to type another address', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({ type: 'forgotPassword.change', value: 'marie@boulangerie-dupont.fr' })
    actor.send({ type: 'forgotPassword.submit' })
    actor.send({ type: 'xstate.done.actor.requestPasswordReset' } as never)
    actor.send({ type: 'forgotPassword.resend' })
    expect(calls).toHaveLength(2)
    actor.send({ type: 'xstate.done.actor.requestPasswordReset' } as never)
    actor.send({ type: 'forgotPassword.edit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(toForgotPasswordView(actor.getSnapshot()).email).toBe('marie@boulangerie-dupont.fr')
  })
})
