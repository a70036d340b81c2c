import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { resetPasswordMachine, toResetPasswordView } from '../../machines/reset-password'
import { ApiError } from '../../src/api/client'
import { NEW_PASSWORD_MIN } from '../../src/domain/auth'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'

const ACTORS = ['resetPassword']
const TOKEN = 'Zq1x8r7LmN2b4V6c9D0f3G5h'
const _input = { token: TOKEN }
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
  const paths = [TOKEN, null].flatMap((token) =>
    generatePaths(resetPasswordMachine, events, { token }).map((p) => ({ ...p, token })),
  )

  it('reaches every state', () => {
    expectEveryStateReached(resetPasswordMachine, paths)
  })

  it('replays every generated path; saves only a valid password with the token of the link', () => {
    expect(paths.length).toBeGreaterThan(6)
    checkEachPath(paths, (path, events) => {
      const calls: Calls = []
      const machine = resetPasswordMachine.provide({ actors: recordingActors(ACTORS, calls) as never })
      const view = toResetPasswordView(replay(machine, path.steps, { token: path.token }))
      for (const c of calls) {
        const call = c.input as { token: string; password: string }
        expect(call.token).toBe(TOKEN)
        expect(call.password.length).toBeGreaterThanOrEqual(NEW_PASSWORD_MIN)
      }
      const typed = { password: '', confirmation: '' }
      for (const e of events) if (e.type === 'resetPassword.change') typed[e.field as 'password'] = e.value
      const valid = typed.password.length >= NEW_PASSWORD_MIN && typed.confirmation === typed.password
      const last = events.at(-1)
      switch (last?.type) {
        case undefined:
          expect(view.isLinkInvalid).toBe(path.token === null)
          expect(calls).toEqual([])
          break
        case 'resetPassword.change':
        case 'resetPassword.blur':
          expect(view).toMatchObject({ isSaving: false, canSubmit: valid })
          break
        case 'resetPassword.submit':
          expect(view.isSaving).toBe(valid)
          if (valid) expect(calls.at(-1)?.input).toEqual({ token: TOKEN, password: typed.password })
          else expect(Object.values(view.errors).some(Boolean)).toBe(true)
          break
        case 'xstate.done.actor.resetPassword':
          expect(view).toMatchObject({ isDone: true, isSaving: false })
          break
        case 'xstate.error.actor.resetPassword':
          // A used or expired link says so; another failure leaves the form to send again.
          if (last.error.code === 'RESET_LINK_INVALID') expect(view.isLinkInvalid).toBe(true)
          else expect(view).toMatchObject({ isLinkInvalid: false, isSaving: false, canSubmit: true })
          break
        default:
          throw new Error(`no expectation for ${last?.type}`)
      }
    })
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
