// Proving a phone number with a one-time SMS code on a public page (the landing page's registration,
// the gift wheel's play page, the scan page's card; issues 21, 22 and 24). A child machine: the page
// invokes it naming itself (`via`: which page's routes send and confirm the code, and the language of
// the SMS) and continues with its output { phone, proof } when it is done.
// - the number must be valid for the franchise's country (libphonenumber, src/domain/phone.ts);
// - a new code can be asked for once the resend delay has passed (the server limits it too);
// - a wrong code says how many tries are left; too many lock the number for a while (`locked`),
//   an expired code asks for a new one; another number can be typed at any step before the proof.
import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import type { Locale } from '../../src/domain/locale'
import { normalisePhone } from '../../src/domain/phone'
import { isCompleteCode, PHONE_CODE } from '../../src/domain/phone-codes'
import { confirmCode, sendCode } from './phone-code.actors'

/** The page proving the phone: its kind and id (the scan page's tag uid, the landing slug, the game id). */
export type PhoneCodeVia = { kind: 'scan' | 'landing' | 'game'; id: string; language: Locale }
export type PhoneCodeInput = { country: CountryCode; phone?: string; via: PhoneCodeVia }
export type SendCodeInput = { phone: string; via: PhoneCodeVia }
export type SendCodeOutput = { expiresAt: string; resendInSeconds: number }
export type ConfirmCodeInput = { phone: string; code: string; via: PhoneCodeVia }
export type ConfirmCodeOutput = { proof: string; expiresAt: string }
export type PhoneCodeOutput = { phone: string; proof: string }

export type PhoneCodeErrorKey =
  | 'phoneCode.error.invalidPhone'
  | 'phoneCode.error.wrongCode'
  | 'phoneCode.error.expired'
  | 'phoneCode.error.tooMany'
  | 'phoneCode.error.failed'

export type PhoneCodeContext = {
  country: CountryCode
  via: PhoneCodeVia
  phone: string
  code: string
  error: PhoneCodeErrorKey | null
  attemptsLeft: number | null
  /** Seconds the server asked to wait (too many codes, or the lock). */
  retryAfter: number | null
  proof: string | null
}

export type PhoneCodeEvent =
  | { type: 'phoneCode.phone'; value: string }
  | { type: 'phoneCode.send' }
  | { type: 'phoneCode.code'; value: string }
  | { type: 'phoneCode.confirm' }
  | { type: 'phoneCode.resend' }
  | { type: 'phoneCode.changePhone' }

type Failure = { status?: number; code?: string; details?: Record<string, unknown> }
const failureOf = (event: unknown) => ((event as { error?: Failure }).error ?? {}) as Failure
const retryAfterOf = (event: unknown) => {
  const s = failureOf(event).details?.retryAfter
  return typeof s === 'number' ? s : null
}

export const phoneCodeMachine = setup({
  types: {
    context: {} as PhoneCodeContext,
    events: {} as PhoneCodeEvent,
    input: {} as PhoneCodeInput,
    output: {} as PhoneCodeOutput,
  },
  actors: { sendCode, confirmCode },
  delays: {
    resendDelay: PHONE_CODE.resendSeconds * 1000,
  },
  guards: {
    isPhoneValid: ({ context }) => normalisePhone(context.phone, context.country) !== null,
    isCodeComplete: ({ context }) => isCompleteCode(context.code),
    isWrongCode: ({ event }) => failureOf(event).code === 'PHONE_CODE_INVALID',
    isExpired: ({ event }) => failureOf(event).code === 'PHONE_CODE_EXPIRED',
    isLocked: ({ event }) => failureOf(event).code === 'PHONE_CODE_LOCKED',
    isTooMany: ({ event }) => failureOf(event).status === 429,
  },
  actions: {
    setPhone: assign({
      phone: ({ event }) => (event.type === 'phoneCode.phone' ? event.value : ''),
      error: null,
    }),
    setCode: assign({
      code: ({ event }) =>
        event.type === 'phoneCode.code' ? event.value.replace(/\D/g, '').slice(0, 6) : '',
      error: null,
    }),
    clearError: assign({ error: null, retryAfter: null }),
    invalidPhone: assign({ error: 'phoneCode.error.invalidPhone' as const }),
    wrongCode: assign({
      error: 'phoneCode.error.wrongCode' as const,
      code: '',
      attemptsLeft: ({ event }) => {
        const n = failureOf(event).details?.attemptsLeft
        return typeof n === 'number' ? n : null
      },
    }),
    expired: assign({ error: 'phoneCode.error.expired' as const, code: '' }),
    tooMany: assign({
      error: 'phoneCode.error.tooMany' as const,
      retryAfter: ({ event }) => retryAfterOf(event),
    }),
    failed: assign({ error: 'phoneCode.error.failed' as const }),
    restart: assign({ code: '', error: null, attemptsLeft: null, retryAfter: null }),
  },
}).createMachine({
  id: 'phoneCode',
  context: ({ input }) => ({
    country: input.country,
    via: input.via,
    phone: input.phone ?? '',
    code: '',
    error: null,
    attemptsLeft: null,
    retryAfter: null,
    proof: null,
  }),
  initial: 'enteringPhone',
  states: {
    enteringPhone: {
      on: {
        'phoneCode.phone': { actions: 'setPhone' },
        'phoneCode.send': [
          { guard: 'isPhoneValid', target: 'sendingCode', actions: 'clearError' },
          { actions: 'invalidPhone' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({
          phone: normalisePhone(context.phone, context.country) ?? context.phone,
          via: context.via,
        }),
        onDone: { target: 'enteringCode', actions: 'restart' },
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'tooMany' },
          { guard: 'isTooMany', target: 'enteringPhone', actions: 'tooMany' },
          { target: 'enteringPhone', actions: 'failed' },
        ],
      },
    },
    enteringCode: {
      initial: 'waiting',
      states: {
        /** The resend link appears after the delay the server also enforces. */
        waiting: { after: { resendDelay: 'canResend' } },
        canResend: { on: { 'phoneCode.resend': { target: '#phoneCode.sendingCode' } } },
      },
      on: {
        'phoneCode.code': { actions: 'setCode' },
        'phoneCode.confirm': { guard: 'isCodeComplete', target: 'confirmingCode' },
        'phoneCode.changePhone': { target: 'enteringPhone', actions: 'restart' },
      },
    },
    confirmingCode: {
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context }) => ({
          phone: normalisePhone(context.phone, context.country) ?? context.phone,
          code: context.code,
          via: context.via,
        }),
        onDone: {
          target: 'done',
          actions: assign({ proof: ({ event }) => event.output.proof, error: null }),
        },
        onError: [
          { guard: 'isWrongCode', target: 'enteringCode.canResend', actions: 'wrongCode' },
          { guard: 'isExpired', target: 'enteringCode.canResend', actions: 'expired' },
          { guard: 'isTooMany', target: 'locked', actions: 'tooMany' },
          { target: 'enteringCode.canResend', actions: 'failed' },
        ],
      },
    },
    /** Too many wrong codes: the number waits; another number can be used. */
    locked: {
      on: { 'phoneCode.changePhone': { target: 'enteringPhone', actions: 'restart' } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({
    phone: normalisePhone(context.phone, context.country) ?? context.phone,
    proof: context.proof ?? '',
  }),
})
