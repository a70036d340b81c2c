import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { registerMachine, toRegisterView } from '../../machines/register'
import { ApiError } from '../../src/api/client'
import { NEW_PASSWORD_MIN } from '../../src/domain/auth'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

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
  { type: 'xstate.done.actor.signUp' },
  { type: 'xstate.error.actor.signUp', error: new ApiError(429, 'TOO_MANY_ATTEMPTS', 'wait') },
  { type: 'xstate.error.actor.signUp', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  { type: 'register.edit' },
]

function start(calls: Calls = []) {
  return createActor(registerMachine.provide({ actors: recordingActors(ACTORS, calls) as never })).start()
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

  it('replays every generated path; signs up only with valid input', () => {
    expect(paths.length).toBeGreaterThan(10)
    replayEachPath(registerMachine, paths, {
      actors: ACTORS,
      check: ({ events, last, snapshot, calls }) => {
        for (const c of calls) {
          const input = c.input as { email: string; password: string; displayName: string }
          expect(input.password.length).toBeGreaterThanOrEqual(NEW_PASSWORD_MIN)
          expect(input.email).toMatch(/@/)
          expect(input.displayName).not.toBe('')
        }
        const view = toRegisterView(snapshot)
        // What was typed, folded from the path's change events; the form is complete when every
        // field is filled and the confirmation repeats the password.
        const typed = { displayName: '', email: '', password: '', confirmation: '' }
        for (const e of events)
          if (e.type === 'register.change') typed[e.field as keyof typeof typed] = e.value
        const valid =
          typed.displayName !== '' &&
          typed.email !== '' &&
          typed.password.length >= NEW_PASSWORD_MIN &&
          typed.confirmation === typed.password
        switch (last?.type) {
          case undefined:
          case 'register.change':
          case 'register.blur':
          case 'register.edit':
            expect(view).toMatchObject({
              isSubmitting: false,
              isSent: false,
              canSubmit: valid,
              values: typed,
            })
            if (!valid) expect(view.missing.length).toBeGreaterThan(0)
            break
          case 'register.submit':
            expect(view.isSubmitting).toBe(valid)
            if (valid)
              expect(calls.at(-1)).toEqual({
                actor: 'signUp',
                input: expect.objectContaining({
                  displayName: typed.displayName,
                  email: typed.email,
                  password: typed.password,
                }),
              })
            break
          case 'xstate.done.actor.signUp':
            expect(view).toMatchObject({ isSent: true, isSubmitting: false })
            break
          case 'xstate.error.actor.signUp':
            expect(view).toMatchObject({ isSent: false, isSubmitting: false })
            expect(view.error).toBeTruthy()
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
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

  it('lists what is still missing while submit is refused, and refuses it (issue 34)', () => {
    const calls: Calls = []
    const actor = start(calls)
    const view = () => toRegisterView(actor.getSnapshot())
    expect(view().missing).toEqual([
      { field: 'displayName', message: 'auth.form.required' },
      { field: 'email', message: 'auth.form.required' },
      { field: 'password', message: 'auth.form.required' },
      { field: 'confirmation', message: 'auth.form.required' },
    ])
    actor.send({ type: 'register.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(calls).toEqual([])
    fill(actor, 'croissant-au-beurre', 'croissant')
    expect(view().missing).toEqual([{ field: 'confirmation', message: 'auth.form.passwordMismatch' }])
    fill(actor)
    expect(view()).toMatchObject({ missing: [], canSubmit: true })
  })

  it('sends trimmed values, then says to check the inbox; the form comes back on edit', () => {
    const calls: Calls = []
    const actor = start(calls)
    fill(actor)
    actor.send({ type: 'register.submit' })
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({
      isSubmitting: true,
      canSubmit: false,
      missing: [],
    })
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
    actor.send({ type: 'xstate.done.actor.signUp' } as never)
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({ isSent: true, canSubmit: false })
    actor.send({ type: 'register.edit' })
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({
      isSent: false,
      canSubmit: true,
      values: { email: ' marie@boulangerie-dupont.fr ' },
    })
  })

  it('says to wait on a 429', () => {
    const actor = start()
    fill(actor)
    actor.send({ type: 'register.submit' })
    actor.send({
      type: 'xstate.error.actor.signUp',
      error: new ApiError(429, 'TOO_MANY_ATTEMPTS', 'x'),
    } as never)
    expect(toRegisterView(actor.getSnapshot())).toMatchObject({
      error: 'auth.login.errors.tooManyAttempts',
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
