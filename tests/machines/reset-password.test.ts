import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { resetPasswordMachine, toResetPasswordView } from '../../machines/reset-password'
import { ApiError } from '../../src/api/client'
import { NEW_PASSWORD_MIN } from '../../src/domain/auth'
import { type Calls, expectEveryStateReached, generatePaths, recordingActors, replay } from '../support/model'

const ACTORS = ['resetPassword']
const TOKEN = 'Zq1x8r7LmN2b4V6c9D0f3G5h'
const input = { token: TOKEN }
const change = (field: string, value: string) => ({ type: 'resetPassword.change', field, value })
const events = [
  change('password', 'pain-au-chocolat'),
  change('confirmation', 'pain-au-chocolat'),
  change('confirmation', 'pain'),
  { type: 'resetPassword.blur', field: 'confirmation' },
  { type: 'resetPassword.submit' },
  { type: 'xstate.done.actor.resetPassword' },
  {
    type: 'xstate.error.actor.resetPassword',
    error: new ApiError(400, 'RESET_LINK_INVALID', 'This link is invalid or has expired', { field: 'token' }),
  },
  { type: 'xstate.error.actor.resetPassword', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
]

const start = (token: string | null = TOKEN, calls: Calls = []) =>
  createActor(resetPasswordMachine.provide({ actors: recordingActors(ACTORS, calls) as never }), {
    input: { token },
  }).start()

function fill(actor: ReturnType<typeof start>, password: string, confirmation = password) {
  actor.send({ type: 'resetPassword.change', field: 'password', value: password })
  actor.send({ type: 'resetPassword.change', field: 'confirmation', value: confirmation })
}

describe('reset-password machine', () => {
  const paths = [
    ...generatePaths(resetPasswordMachine, events, input),
    ...generatePaths(resetPasswordMachine, events, { token: null }),
  ]

  it('reaches every state', () => {
    expectEveryStateReached(resetPasswordMachine, paths)
  })

  it('replays every generated path; saves only a valid password with the token of the link', () => {
    expect(paths.length).toBeGreaterThan(6)
    for (const path of paths) {
      const calls: Calls = []
      const machine = resetPasswordMachine.provide({ actors: recordingActors(ACTORS, calls) as never })
      const token = path.steps[0]?.state.context.token ?? null
      const snapshot = replay(machine, path.steps, { token })
      expect(snapshot.value).toEqual(path.state.value)
      for (const c of calls) {
        const call = c.input as { token: string; password: string }
        expect(call.token).toBe(TOKEN)
        expect(call.password.length).toBeGreaterThanOrEqual(NEW_PASSWORD_MIN)
      }
    }
  })

  it('says the link is invalid at once when it carries no usable token', () => {
    expect(toResetPasswordView(start(null).getSnapshot()).isLinkInvalid).toBe(true)
    expect(toResetPasswordView(start('short').getSnapshot()).isLinkInvalid).toBe(true)
    expect(toResetPasswordView(start().getSnapshot()).isLinkInvalid).toBe(false)
  })

  it('needs 8 characters typed twice the same, then saves and is done', () => {
    const calls: Calls = []
    const actor = start(TOKEN, calls)
    const view = () => toResetPasswordView(actor.getSnapshot())
    fill(actor, 'court')
    actor.send({ type: 'resetPassword.blur', field: 'password' })
    expect(view()).toMatchObject({ canSubmit: false, errors: { password: 'auth.form.passwordMin' } })
    fill(actor, 'pain-au-chocolat', 'pain-au-chocolab')
    actor.send({ type: 'resetPassword.submit' })
    expect(view().errors.confirmation).toBe('auth.form.passwordMismatch')
    expect(calls).toEqual([])
    fill(actor, 'pain-au-chocolat')
    actor.send({ type: 'resetPassword.submit' })
    expect(view()).toMatchObject({ isSaving: true, canSubmit: false })
    expect(calls).toEqual([{ actor: 'resetPassword', input: { token: TOKEN, password: 'pain-au-chocolat' } }])
    actor.send({ type: 'xstate.done.actor.resetPassword' } as never)
    expect(view().isDone).toBe(true)
  })

  it('turns RESET_LINK_INVALID into the invalid-link screen and other failures into a retry', () => {
    const actor = start()
    fill(actor, 'pain-au-chocolat')
    actor.send({ type: 'resetPassword.submit' })
    actor.send({ type: 'xstate.error.actor.resetPassword', error: new ApiError(503, 'DOWN', 'x') } as never)
    expect(toResetPasswordView(actor.getSnapshot())).toMatchObject({
      error: 'auth.resetPassword.errors.saveFailed',
      canSubmit: true,
    })
    actor.send({ type: 'resetPassword.submit' })
    actor.send({
      type: 'xstate.error.actor.resetPassword',
      error: new ApiError(400, 'RESET_LINK_INVALID', 'expired', { field: 'token' }),
    } as never)
    expect(toResetPasswordView(actor.getSnapshot()).isLinkInvalid).toBe(true)
  })
})
