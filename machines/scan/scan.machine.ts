// The customer scan page (/scan/:uid, public, issue 5): load the tag → phone entry (and a receipt id
// for the point-of-sale cards) → a validation countdown (Validate / Cancel; at 0 it cancels) →
// collecting → done (points, balance, offers, coupons, and the opinion form) | failed (§8 message by
// code, retry). From the phone entry (or an unknown tag) the camera can read another tag's QR code.
// Rules:
// - the phone must be valid for the store's country (libphonenumber, src/domain/phone.ts) and, for
//   the point-of-sale cards, a receipt id typed, before the countdown starts;
// - the countdown ticks through the `countdown` actor (one `scan.tick` a second), so a test drives it
//   with a simulated clock; leaving `confirming` stops it;
// - a collected phone is remembered on the device (`rememberPhone`), "not you?" forgets it;
// - a visit (issue 16 #5) needs the store's presence code, read from the address (`?c=`): without it
//   the page asks to scan the QR code shown in the store; the camera reading this tag's QR code again
//   takes its new code and keeps what was typed; a refused code is dropped (scan again);
// - the customer's name, balance, offers and coupons show only to a device that proved the phone
//   (issue 24 #4): the answer of a collect says whether this device did (`isOwner`); if not, the
//   page offers to confirm the number with a one-time SMS code (the phone-code child machine), then
//   loads the card.

import type { CountryCode } from 'libphonenumber-js'
import { assign, setup } from 'xstate'
import type { Locale } from '../../src/domain/locale'
import { normalisePhone } from '../../src/domain/phone'
import {
  type CollectResult,
  collectErrorMessage,
  SCAN_COUNTDOWN_SECONDS,
  type ScanCard,
  type ScanInfo,
  scanAddressOf,
} from '../../src/domain/scan'
import { phoneCodeMachine } from '../phone-code/phone-code.machine'
import { collect, countdown, loadCard, loadTag, qrCamera, rememberPhone, sendOpinion } from './scan.actors'

/** `language`: the page's, in which the phone code's SMS is written. */
export type ScanInput = {
  uid: string
  language: Locale
  rememberedPhone?: string | null
  code?: string | null
}
export type CollectCallInput = { uid: string; phone: string; receiptId: string | null; code: string | null }
/** `clientId` only when the device proved the phone (the collect names no one else): else anonymous. */
export type SendOpinionInput = {
  storeId: string
  rating: number
  comment: string
  clientId?: string | undefined
}

export type ScanContext = {
  uid: string
  language: Locale
  /** The store's presence code the address carried (issue 16 #5). */
  code: string | null
  info: ScanInfo | null
  phone: string
  /** The phone came from the device's memory: the page offers "not you?". */
  isRemembered: boolean
  receiptId: string
  /** After a submit attempt every problem shows, not only a long enough wrong number. */
  submitted: boolean
  remaining: number
  /** The last countdown ran out (the page says so at the phone entry). */
  expired: boolean
  result: CollectResult | null
  /** A §8 message id. */
  error: string | null
  rating: number | null
  comment: string
  /** The camera read something that is not a tag's address. */
  unreadable: boolean
  video: HTMLVideoElement | null
}

export type ScanEvent =
  | { type: 'scan.retry' }
  | { type: 'scan.phone'; value: string }
  | { type: 'scan.receipt'; value: string }
  | { type: 'scan.forget' }
  | { type: 'scan.submit' }
  | { type: 'scan.tick' }
  | { type: 'scan.validate' }
  | { type: 'scan.cancel' }
  | { type: 'opinion.rate'; rating: number }
  | { type: 'opinion.comment'; value: string }
  | { type: 'opinion.send' }
  | { type: 'camera.open' }
  | { type: 'camera.video'; video: HTMLVideoElement }
  | { type: 'camera.decoded'; text: string }
  | { type: 'camera.denied' }
  | { type: 'camera.close' }
  | { type: 'card.reveal' }
  | { type: 'card.hide' }
  | { type: 'card.retry' }

export const countryOf = (info: ScanInfo | null) => (info?.store.country ?? 'FR') as CountryCode
export const isPhoneValid = (c: Pick<ScanContext, 'phone' | 'info'>) =>
  normalisePhone(c.phone, countryOf(c.info)) !== null
const addressOf = (event: ScanEvent) => (event.type === 'camera.decoded' ? scanAddressOf(event.text) : null)
const errorCode = (event: unknown) => ((event as { error?: { code?: string } }).error?.code ?? '') as string

export const scanMachine = setup({
  types: {
    context: {} as ScanContext,
    events: {} as ScanEvent,
    input: {} as ScanInput,
  },
  actors: {
    loadTag,
    collect,
    sendOpinion,
    /** The card of the phone this device proved (GET …/card). */
    loadCard,
    /** Proves the phone with a one-time SMS code, through this tag's routes. */
    phoneCode: phoneCodeMachine,
    /** Sends `scan.tick` every second while the countdown shows. */
    countdown,
    /** Reads QR codes from the camera into the video: `camera.decoded`, or `camera.denied`. */
    qrCamera,
  },
  guards: {
    isNotFound: ({ event }) => errorCode(event) === 'TAG_NOT_FOUND',
    canSubmit: ({ context }) =>
      context.info?.card != null &&
      isPhoneValid(context) &&
      (!context.info.needsReceipt || context.receiptId.trim().length > 0) &&
      (!context.info.needsPresenceCode || context.code !== null),
    isLastSecond: ({ context }) => context.remaining <= 1,
    hasInfo: ({ context }) => context.info !== null,
    isTagAddress: ({ event }) => addressOf(event) !== null,
    isThisTag: ({ context, event }) => context.info !== null && addressOf(event)?.uid === context.uid,
    hasRating: ({ context }) => context.rating !== null,
    /** Answers stored before issue 24 carry no `isOwner`: they were the owner's view. */
    isOwner: ({ context }) => context.result?.isOwner !== false,
    isRating: ({ event }) =>
      event.type === 'opinion.rate' &&
      Number.isInteger(event.rating) &&
      event.rating >= 1 &&
      event.rating <= 5,
  },
  actions: {
    /** Remembers the phone on the device (null forgets it, and the server forgets the device). */
    rememberPhone: (_, p: { phone: string | null }) => rememberPhone(p.phone),
    /** Provided by the app: opens another tag's page. */
    openTag: (_, _params: { uid: string; code: string | null }) => {},
    setInfo: assign({ info: ({ event }) => (event as unknown as { output: ScanInfo }).output, error: null }),
    setLoadFailure: assign({ error: 'pages.scan.errors.load' }),
    setPhone: assign({
      phone: ({ event }) => (event.type === 'scan.phone' ? event.value : ''),
      isRemembered: false,
      expired: false,
    }),
    forgetPhone: assign({ phone: '', isRemembered: false }),
    setReceipt: assign({ receiptId: ({ event }) => (event.type === 'scan.receipt' ? event.value : '') }),
    markSubmitted: assign({ submitted: true }),
    startCountdown: assign({ remaining: SCAN_COUNTDOWN_SECONDS, expired: false, error: null }),
    tick: assign({ remaining: ({ context }) => context.remaining - 1 }),
    expire: assign({ expired: true, remaining: 0 }),
    setResult: assign({
      result: ({ event }) => (event as unknown as { output: CollectResult }).output,
      rating: null,
      comment: '',
    }),
    setFailure: assign({
      error: ({ event }) => collectErrorMessage(errorCode(event)),
      // A refused code is of no more use: the page asks for the store's QR code again.
      code: ({ context, event }) => (errorCode(event) === 'PRESENCE_CODE_INVALID' ? null : context.code),
    }),
    setCode: assign({ code: ({ event }) => addressOf(event)?.code ?? null }),
    setCard: assign({
      result: ({ context, event }) => ({
        ...context.result!,
        ...(event as unknown as { output: ScanCard }).output,
        isOwner: true,
      }),
    }),
    setRating: assign({ rating: ({ event }) => (event.type === 'opinion.rate' ? event.rating : null) }),
    setComment: assign({ comment: ({ event }) => (event.type === 'opinion.comment' ? event.value : '') }),
    setUnreadable: assign({ unreadable: true }),
    openCamera: assign({ unreadable: false, video: null }),
    setVideo: assign({ video: ({ event }) => (event.type === 'camera.video' ? event.video : null) }),
  },
}).createMachine({
  id: 'scan',
  context: ({ input }) => ({
    uid: input.uid,
    language: input.language,
    code: input.code ?? null,
    info: null,
    phone: input.rememberedPhone ?? '',
    isRemembered: Boolean(input.rememberedPhone),
    receiptId: '',
    submitted: false,
    remaining: SCAN_COUNTDOWN_SECONDS,
    expired: false,
    result: null,
    error: null,
    rating: null,
    comment: '',
    unreadable: false,
    video: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTag',
        src: 'loadTag',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: { target: 'entering', actions: 'setInfo' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'setLoadFailure' },
        ],
      },
    },
    notFound: { on: { 'camera.open': { target: 'camera', actions: 'openCamera' } } },
    loadFailed: { on: { 'scan.retry': 'loading' } },
    entering: {
      on: {
        'scan.phone': { actions: 'setPhone' },
        'scan.receipt': { actions: 'setReceipt' },
        'scan.forget': {
          actions: ['forgetPhone', { type: 'rememberPhone', params: { phone: null } }],
        },
        'scan.submit': [
          { guard: 'canSubmit', target: 'confirming', actions: 'markSubmitted' },
          { actions: 'markSubmitted' },
        ],
        'camera.open': { target: 'camera', actions: 'openCamera' },
      },
    },
    // Why a countdown: the customer confirms it is their number before anything is credited; an
    // unattended phone does not keep a pending confirmation open.
    confirming: {
      entry: 'startCountdown',
      invoke: { id: 'countdown', src: 'countdown' },
      on: {
        'scan.tick': [{ guard: 'isLastSecond', target: 'entering', actions: 'expire' }, { actions: 'tick' }],
        'scan.validate': 'collecting',
        'scan.cancel': 'entering',
      },
    },
    // Why no cancel here: the points may already be credited; the answer must be shown.
    collecting: {
      invoke: {
        id: 'collect',
        src: 'collect',
        input: ({ context }) => ({
          uid: context.uid,
          phone: context.phone.trim(),
          receiptId: context.info?.needsReceipt ? context.receiptId.trim() : null,
          code: context.code,
        }),
        onDone: {
          target: 'done',
          actions: [
            'setResult',
            { type: 'rememberPhone', params: ({ context }) => ({ phone: context.phone.trim() }) },
          ],
        },
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    failed: { on: { 'scan.retry': 'entering' } },
    done: {
      type: 'parallel',
      states: {
        opinion: {
          initial: 'rating',
          states: {
            rating: {
              on: {
                'opinion.rate': { guard: 'isRating', actions: 'setRating' },
                'opinion.comment': { actions: 'setComment' },
                'opinion.send': { guard: 'hasRating', target: 'sending' },
              },
            },
            sending: {
              invoke: {
                id: 'sendOpinion',
                src: 'sendOpinion',
                input: ({ context }) => ({
                  storeId: context.info!.store.id,
                  rating: context.rating!,
                  comment: context.comment.trim(),
                  clientId: context.result!.clientId,
                }),
                onDone: 'sent',
                onError: 'opinionFailed',
              },
            },
            sent: {},
            // The text stays: the customer may send it again.
            opinionFailed: {
              on: {
                'opinion.rate': { guard: 'isRating', actions: 'setRating' },
                'opinion.comment': { actions: 'setComment' },
                'opinion.send': { target: 'sending' },
              },
            },
          },
        },
        // Issue 24 #4: the card (name, balance, offers, coupons) only once this device proved the phone.
        card: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'isOwner', target: 'shown' }, { target: 'hidden' }] },
            hidden: { on: { 'card.reveal': 'proving' } },
            proving: {
              invoke: {
                id: 'phoneCode',
                src: 'phoneCode',
                input: ({ context }) => ({
                  country: countryOf(context.info),
                  phone: context.phone.trim(),
                  via: { kind: 'scan' as const, id: context.uid, language: context.language },
                }),
                onDone: 'loadingCard',
              },
              on: { 'card.hide': 'hidden' },
            },
            loadingCard: {
              invoke: {
                id: 'loadCard',
                src: 'loadCard',
                input: ({ context }) => ({ uid: context.uid }),
                onDone: { target: 'shown', actions: 'setCard' },
                onError: 'cardFailed',
              },
            },
            cardFailed: { on: { 'card.retry': 'loadingCard' } },
            shown: {},
          },
        },
      },
    },
    camera: {
      initial: 'opening',
      on: {
        'camera.close': [{ guard: 'hasInfo', target: 'entering' }, { target: 'notFound' }],
      },
      states: {
        // The page renders the video element, then hands it over (`camera.video`).
        opening: { on: { 'camera.video': { target: 'scanning', actions: 'setVideo' } } },
        scanning: {
          invoke: { id: 'qrCamera', src: 'qrCamera', input: ({ context }) => ({ video: context.video }) },
          on: {
            'camera.decoded': [
              // This tag's QR code again (a new code): stay, with what was typed.
              { guard: 'isThisTag', target: '#scan.entering', actions: 'setCode' },
              {
                guard: 'isTagAddress',
                actions: { type: 'openTag', params: ({ event }) => addressOf(event)! },
              },
              { actions: 'setUnreadable' },
            ],
            'camera.denied': 'denied',
          },
        },
        denied: {},
      },
    },
  },
})
