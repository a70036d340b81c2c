import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { forgotPasswordMachine, toForgotPasswordView } from '../../machines/forgot-password'
import { ApiError } from '../../src/api/client'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

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
    for (const path of paths) {
      const calls: Calls = []
      const machine = forgotPasswordMachine.provide({ actors: recordingActors(ACTORS, calls) as never })
      const snapshot = replay(machine, path.steps)
      expect(snapshot.value).toEqual(path.state.value)
      for (const c of calls) expect(c.input).toEqual({ email: 'marie@boulangerie-dupont.fr' })
      if (snapshot.matches('sending')) expect(calls.length).toBeGreaterThan(0)
    }
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
