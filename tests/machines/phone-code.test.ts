// The phone-code child machine (issues 21 and 22): every state reachable; every path sends the
// normalised number and confirms the code that was typed, both for the page it was started from;
// wrong, expired and locked codes each say so. Its calls at the fetch boundary: phone-code-calls.test.ts.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { phoneCodeMachine, toPhoneCodeView } from '../../machines/phone-code'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replayEachPath,
} from '../support/model'

const VIA = { kind: 'landing' as const, id: 'maison-dupont', language: 'fr' as const }
const INPUT = { country: 'FR' as const, via: VIA }
const ACTORS = ['sendCode', 'confirmCode']
const sent = { type: 'xstate.done.actor.sendCode', output: { expiresAt: 'x', resendInSeconds: 60 } }
const events = [
  { type: 'phoneCode.phone', value: '06 12 34 56 78' },
  { type: 'phoneCode.phone', value: '12' },
  { type: 'phoneCode.send' },
  { type: 'phoneCode.code', value: '123456' },
  { type: 'phoneCode.confirm' },
  { type: 'phoneCode.resend' },
  { type: 'phoneCode.changePhone' },
  { type: 'xstate.after.resendDelay.phoneCode.enteringCode.waiting' },
  sent,
  {
    type: 'xstate.error.actor.sendCode',
    error: new ApiError(429, 'PHONE_CODE_LOCKED', 'x', { retryAfter: 600 }),
  },
  { type: 'xstate.done.actor.confirmCode', output: { proof: 'p', expiresAt: 'x' } },
  {
    type: 'xstate.error.actor.confirmCode',
    error: new ApiError(400, 'PHONE_CODE_INVALID', 'x', { attemptsLeft: 2 }),
  },
  {
    type: 'xstate.error.actor.confirmCode',
    error: new ApiError(429, 'PHONE_CODE_LOCKED', 'x', { retryAfter: 900 }),
  },
]

const start = (actors: Record<string, unknown> = recordingActors(ACTORS, [])) =>
  createActor(phoneCodeMachine.provide({ actors: actors as never }), { input: INPUT }).start()

describe('phone-code machine', () => {
  const paths = generatePaths(phoneCodeMachine, events, INPUT)

  it('reaches every state', () => {
    expectEveryStateReached(phoneCodeMachine, paths)
  })

  it('replays every path: only a valid number is sent, in E.164, and the confirmed code is the typed one', () => {
    replayEachPath(phoneCodeMachine, paths, {
      actors: ACTORS,
      input: INPUT,
      check: ({ events, last, snapshot, calls }) => {
        // Every call names the page the machine was started from: its routes, its SMS language.
        for (const c of calls)
          expect(c.input).toEqual(
            c.actor === 'sendCode'
              ? { phone: '+33612345678', via: VIA }
              : { phone: '+33612345678', code: '123456', via: VIA },
          )
        const view = toPhoneCodeView(snapshot)
        let phone = ''
        for (const e of events) if (e.type === 'phoneCode.phone') phone = e.value
        switch (last?.type) {
          case undefined:
          case 'phoneCode.phone':
          case 'phoneCode.changePhone':
            expect(view).toMatchObject({ step: 'phone', isSending: false })
            if (last?.type === 'phoneCode.phone') expect(view.phone).toBe(last.value)
            break
          case 'phoneCode.send':
            // Only a valid French number goes to the server.
            if (phone === '06 12 34 56 78') {
              expect(view.isSending).toBe(true)
              expect(calls.at(-1)?.actor).toBe('sendCode')
            } else expect(view).toMatchObject({ isSending: false, error: 'phoneCode.error.invalidPhone' })
            break
          case 'xstate.done.actor.sendCode':
            expect(view).toMatchObject({ step: 'code', canResend: false, isSending: false })
            break
          case 'xstate.after.resendDelay.phoneCode.enteringCode.waiting':
            expect(view).toMatchObject({ step: 'code', canResend: true })
            break
          case 'phoneCode.resend':
            expect(calls.at(-1)?.actor).toBe('sendCode')
            break
          case 'phoneCode.code':
            expect(view).toMatchObject({ step: 'code', code: last.value, canConfirm: true })
            break
          case 'phoneCode.confirm':
            expect(view.isConfirming).toBe(true)
            expect(calls.at(-1)?.actor).toBe('confirmCode')
            break
          case 'xstate.done.actor.confirmCode':
            expect(view.isDone).toBe(true)
            expect(snapshot.output).toEqual({ phone: '+33612345678', proof: 'p' })
            break
          case 'xstate.error.actor.sendCode':
          case 'xstate.error.actor.confirmCode':
            if (last.error.status === 429)
              expect(view).toMatchObject({ isLocked: true, retryAfter: last.error.details.retryAfter })
            else expect(view).toMatchObject({ step: 'code', code: '', attemptsLeft: 2, isConfirming: false })
            break
          default:
            throw new Error(`no expectation for ${last?.type}`)
        }
      },
    })
  })

  it('refuses an invalid number without calling the server', () => {
    const calls: Calls = []
    const actor = start(recordingActors(ACTORS, calls))
    actor.send({ type: 'phoneCode.phone', value: '0612' })
    actor.send({ type: 'phoneCode.send' })
    expect(calls).toHaveLength(0)
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({
      step: 'phone',
      error: 'phoneCode.error.invalidPhone',
    })
  })

  it('a wrong code says how many tries are left and clears the code; a lock offers another number', () => {
    const actor = start()
    actor.send({ type: 'phoneCode.phone', value: '0612345678' })
    actor.send({ type: 'phoneCode.send' })
    actor.send(sent as never)
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({
      step: 'code',
      canResend: false,
      canConfirm: false,
    })
    actor.send({ type: 'phoneCode.code', value: '12 34 56' })
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({ code: '123456', canConfirm: true })
    actor.send({ type: 'phoneCode.confirm' })
    actor.send({
      type: 'xstate.error.actor.confirmCode',
      error: new ApiError(400, 'PHONE_CODE_INVALID', 'x', { attemptsLeft: 1 }),
    } as never)
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({
      error: 'phoneCode.error.wrongCode',
      attemptsLeft: 1,
      code: '',
      canResend: true,
    })
    actor.send({ type: 'phoneCode.code', value: '654321' })
    actor.send({ type: 'phoneCode.confirm' })
    actor.send({
      type: 'xstate.error.actor.confirmCode',
      error: new ApiError(429, 'PHONE_CODE_LOCKED', 'x', { retryAfter: 900 }),
    } as never)
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({
      isLocked: true,
      retryAfter: 900,
      canConfirm: false,
    })
    actor.send({ type: 'phoneCode.changePhone' })
    expect(toPhoneCodeView(actor.getSnapshot())).toMatchObject({ step: 'phone', error: null })
  })

  it('ends with the proof the server gave', async () => {
    const actor = start({
      sendCode: fromPromise(async () => ({ expiresAt: 'x', resendInSeconds: 60 })),
      confirmCode: fromPromise(async ({ input }: { input: { code: string } }) => ({
        proof: `proof-of-${input.code}`,
        expiresAt: 'x',
      })),
    })
    actor.send({ type: 'phoneCode.phone', value: '+33 6 12 34 56 78' })
    actor.send({ type: 'phoneCode.send' })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'phoneCode.code', value: '000111' })
    actor.send({ type: 'phoneCode.confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ phone: '+33612345678', proof: 'proof-of-000111' })
  })
})
