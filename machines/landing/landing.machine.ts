// The public landing page /e/<link> (issue 21): the franchise's form (the CRM fields with the shared §5
// rules, e-mail, marketing consent unticked), then the phone proven by a one-time code (the shared
// phone-code child machine), then the registration: points once, or "you already have a card".
import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import { valueError } from '../../src/domain/crm'
import type { LandingInfo, RegisterResult } from '../../src/domain/emarketing'
import type { Locale } from '../../src/domain/locale'
import { isEmail } from '../../src/domain/stores'
import { type PhoneCodeOutput, phoneCodeMachine } from '../phone-code/phone-code.machine'
import { loadPage, register } from './landing.actors'

export type LandingContext = {
  slug: string
  /** The page's language, in which the phone code's SMS is written. */
  language: Locale
  info: LandingInfo | null
  values: Record<string, string>
  email: string
  consent: boolean
  /** Every error shown once the customer tried to go on: errors do not shout before. */
  showErrors: boolean
  /** The parts (CRM localIds, `email`) the customer has left: their own errors show from then on. */
  touched: string[]
  phone: string | null
  proof: string | null
  /** One Idempotency-Key per registration attempt (a retried request gets the first answer). */
  attemptKey: string
  result: RegisterResult | null
  error: string | null
}

export type LandingEvent =
  | { type: 'landing.value'; localId: string; value: string }
  | { type: 'landing.email'; value: string }
  | { type: 'landing.leave'; part: string }
  | { type: 'landing.consent'; value: boolean }
  | { type: 'landing.next' }
  | { type: 'landing.back' }
  | { type: 'landing.retry' }

type Failure = { status?: number; code?: string }
const failureOf = (event: unknown) => ((event as { error?: Failure }).error ?? {}) as Failure

/** The message key of each wrong part of the form (CRM values by localId, then `email`). */
export function landingErrors(c: Pick<LandingContext, 'info' | 'values' | 'email'>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const field of c.info?.fields ?? []) {
    const e = valueError(field, c.values[field.localId])
    if (e) errors[field.localId] = e
  }
  if (!isEmail(c.email.trim())) errors.email = 'landing.errors.email'
  return errors
}

const newKey = () => `landing-${globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)}`

export const landingMachine = setup({
  types: {
    context: {} as LandingContext,
    events: {} as LandingEvent,
    input: {} as { slug: string; language: Locale },
  },
  actors: {
    loadPage,
    /** Proves the phone with a one-time SMS code, through this page's routes. */
    phoneCode: phoneCodeMachine,
    register,
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(landingErrors(context)).length === 0,
    isNotFound: ({ event }) => failureOf(event).status === 404,
    isAlreadyClient: ({ event }) => failureOf(event).code === 'ALREADY_CLIENT',
    isPhoneNotProven: ({ event }) => failureOf(event).code === 'PHONE_NOT_CONFIRMED',
  },
  actions: {
    setInfo: assign({ info: ({ event }) => (event as unknown as { output: LandingInfo }).output }),
    setValue: assign({
      values: ({ context, event }) =>
        event.type === 'landing.value' ? { ...context.values, [event.localId]: event.value } : context.values,
      error: null,
    }),
    setEmail: assign({
      email: ({ event }) => (event.type === 'landing.email' ? event.value : ''),
      error: null,
    }),
    setConsent: assign({ consent: ({ event }) => event.type === 'landing.consent' && event.value }),
    showErrors: assign({ showErrors: true }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'landing.leave' && !context.touched.includes(event.part)
          ? [...context.touched, event.part]
          : context.touched,
    }),
    setProof: assign({
      phone: ({ event }) => (event as unknown as { output: PhoneCodeOutput }).output.phone,
      proof: ({ event }) => (event as unknown as { output: PhoneCodeOutput }).output.proof,
    }),
    setResult: assign({ result: ({ event }) => (event as unknown as { output: RegisterResult }).output }),
    forgetProof: assign({ proof: null, phone: null }),
    registerFailed: assign({ error: 'landing.errors.register', attemptKey: () => newKey() }),
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) => ({
    slug: input.slug,
    language: input.language,
    info: null,
    values: {},
    email: '',
    consent: false,
    showErrors: false,
    touched: [],
    phone: null,
    proof: null,
    attemptKey: newKey(),
    result: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: { target: 'filling', actions: 'setInfo' },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    notFound: {},
    failed: { on: { 'landing.retry': 'loading' } },
    filling: {
      on: {
        'landing.value': { actions: 'setValue' },
        'landing.email': { actions: 'setEmail' },
        'landing.consent': { actions: 'setConsent' },
        'landing.leave': { actions: 'touch' },
        'landing.next': [{ guard: 'isFormValid', target: 'verifying' }, { actions: 'showErrors' }],
      },
    },
    verifying: {
      on: { 'landing.back': 'filling' },
      invoke: {
        id: 'phoneCode',
        src: 'phoneCode',
        input: ({ context }) => ({
          country: (context.info?.country ?? 'FR') as CountryCode,
          via: { kind: 'landing' as const, id: context.slug, language: context.language },
        }),
        onDone: { target: 'registering', actions: 'setProof' },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          slug: context.slug,
          key: context.attemptKey,
          input: {
            proof: context.proof ?? '',
            phone: context.phone ?? '',
            email: context.email.trim(),
            consent: context.consent,
            crmValues: Object.fromEntries(
              (context.info?.fields ?? []).map((f) => [f.localId, context.values[f.localId] ?? '']),
            ),
          },
        }),
        onDone: { target: 'registered', actions: 'setResult' },
        onError: [
          { guard: 'isAlreadyClient', target: 'alreadyClient' },
          // The proof ran out (30 min): prove the phone again.
          { guard: 'isPhoneNotProven', target: 'verifying', actions: 'forgetProof' },
          { target: 'filling', actions: 'registerFailed' },
        ],
      },
    },
    registered: { type: 'final' },
    alreadyClient: { type: 'final' },
  },
})
