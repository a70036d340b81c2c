import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { registerMachine, toRegisterView } from '../../machines/register'
import { ApiError } from '../../src/api/client'
import { NEW_PASSWORD_MIN } from '../../src/domain/auth'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const ACTORS = ['signUp']
const change = (field: string, value: string) => ({ type: 'register.change', field, value })
const events = [
  change('displayName', 'Marie Dupont'),
  change('email', 'marie@boulangerie-dupont.fr'),
  change('password', 'croissant-au-beurre'),
  change('confirmation', 'croissant-au-beurre'),
  change('confirmation', 'croissant'),
  { type: 'register.blur', field: 'email' },
  { type: 'register.submit' },
  { type: 'xstate.done.actor.signUp', output: { id: 'token', userId: 'u1' } },
  {
    type: 'xstate.error.actor.signUp',
    error: new ApiError(409, 'EMAIL_ALREADY_USED', 'An account with this e-mail already exists'),
  },
  { type: 'xstate.error.actor.signUp', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
]

function start(effects: string[] = [], calls: Calls = []) {
  return createActor(
    registerMachine.provide({
      actors: recordingActors(ACTORS, calls) as never,
      actions: { restartSession: () => effects.push('restartSession') },
    }),
  ).start()
}

function fill(actor: ReturnType<typeof start>, password = 'croissant-au-beurre', confirmation = password) {
  actor.send({ type: 'register.change', field: 'displayName', value: '  Marie Dupont ' })
  actor.send({ type: 'register.change', field: 'email', value: ' marie@boulangerie-dupont.fr ' })
  actor.send({ type: 'register.change', field: 'password', value: password })
  actor.send({ type: 'register.change', field: 'confirmation', value: confirmation })
}

describe('register machine', () => {
  const paths = generatePaths(registerMachine, events)

  it('reaches every state', () => {
    expectEveryStateReached(registerMachine, paths)
  })

  it('replays every generated path; signs up only with valid input and restarts the session when done', () => {
    expect(paths.length).toBeGreaterThan(10)
    for (const path of paths) {
      const calls: Calls = []
      const effects: string[] = []
      const machine = registerMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { restartSession: () => effects.push('restartSession') },
      })
      const snapshot = replay(machine, path.steps)
      expect(snapshot.value).toEqual(path.state.value)
      for (const c of calls) {
        const input = c.input as { email: string; password: string; displayName: string }
        expect(input.password.length).toBeGreaterThanOrEqual(NEW_PASSWORD_MIN)
        expect(input.email).toMatch(/@/)
        expect(input.displayName).not.toBe('')
      }
      expect(effects.length).toBe(snapshot.matches('done') ? 1 : 0)
    }
  })

  it('keeps submit disabled until every rule passes, with errors on left fields only', () => {
    const actor = start()
    const view = () => toRegisterView(actor.getSnapshot())
    expect(view().canSubmit).toBe(false)
    expect(view().errors).toEqual({
      displayName: undefined,
      email: undefined,
      password: undefined,
      confirmation: undefined,
    })
    actor.send({ type: 'register.change', field: 'email', value: 'marie@' })
    actor.send({ type: 'register.blur', field: 'email' })
    expect(view().errors.email).toBe('auth.form.emailInvalid')
    fill(actor, 'short', 'short')
    actor.send({ type: 'register.blur', field: 'password' })
    expect(view().errors.password).toBe('auth.form.passwordMin')
    expect(view().canSubmit).toBe(false)
    fill(actor, 'croissant-au-beurre', 'croissant')
    actor.send({ type: 'register.blur', field: 'confirmation' })
    expect(view().errors.confirmation).toBe('auth.form.passwordMismatch')
    fill(actor)
    expect(view().canSubmit).toBe(true)
  })

  it('submitting an incomplete form shows every error and calls nothing', () => {
    const calls: Calls = []
    const actor = start([], calls)
    actor.send({ type: 'register.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(toRegisterView(actor.getSnapshot()).errors).toEqual({
      displayName: 'auth.form.required',
      email: 'auth.form.required',
      password: 'auth.form.required',
      confirmation: 'auth.form.required',
    })
    expect(calls).toEqual([])
  })

  it('sends trimmed values, then restarts the session once the account exists', () => {
    const calls: Calls = []
    const effects: string[] = []
    const actor = start(effects, calls)
    fill(actor)
    actor.send({ type: 'register.submit' })
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({ isSubmitting: true, canSubmit: false })
    expect(calls).toEqual([
      {
        actor: 'signUp',
        input: {
          email: 'marie@boulangerie-dupont.fr',
          password: 'croissant-au-beurre',
          displayName: 'Marie Dupont',
        },
      },
    ])
    actor.send({ type: 'xstate.done.actor.signUp', output: { id: 't', userId: 'u' } } as never)
    expect(actor.getSnapshot().status).toBe('done')
    expect(effects).toEqual(['restartSession'])
  })

  it('shows a used e-mail on the e-mail field until it changes', () => {
    const actor = start()
    fill(actor)
    actor.send({ type: 'register.submit' })
    actor.send({
      type: 'xstate.error.actor.signUp',
      error: new ApiError(409, 'EMAIL_ALREADY_USED', 'used'),
    } as never)
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({
      errors: { email: 'auth.register.errors.emailAlreadyUsed' },
      error: null,
      canSubmit: false,
    })
    actor.send({ type: 'register.change', field: 'email', value: 'marie.dupont@boulangerie-dupont.fr' })
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({
      errors: { email: undefined },
      canSubmit: true,
    })
  })

  it('puts a 400 naming a field on that field, and anything else above the form', () => {
    const actor = start()
    fill(actor)
    actor.send({ type: 'register.submit' })
    actor.send({
      type: 'xstate.error.actor.signUp',
      error: new ApiError(400, 'VALIDATION_FAILED', 'bad', { field: 'displayName' }),
    } as never)
    expect(toRegisterView(actor.getSnapshot()).errors.displayName).toBe('auth.form.invalid')
    actor.send({ type: 'register.change', field: 'displayName', value: 'Marie' })
    actor.send({ type: 'register.submit' })
    actor.send({ type: 'xstate.error.actor.signUp', error: new ApiError(500, 'INTERNAL', 'x') } as never)
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({ error: 'errors.generic', canSubmit: true })
  })
})
