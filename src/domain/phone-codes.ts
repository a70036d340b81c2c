// A phone number proven by a one-time code sent by SMS (the landing page's registration, the gift
// wheel's play page): the rules shared by the server and the public pages' forms.
import { enums, number, object, optional, pattern, size, string, type } from 'superstruct'
import { LOCALES } from './locale'

export const PHONE_CODE = {
  length: 6,
  /** A code is valid this long after it was sent. */
  ttlMinutes: 10,
  /** Wrong codes accepted before the target is locked. */
  maxTries: 5,
  lockMinutes: 15,
  /** A confirmed phone stays proven this long for the same page (registration, spin). */
  proofTtlMinutes: 30,
  /** A new code for the same phone no sooner than this… */
  resendSeconds: 60,
  /** …and no more than this many in an hour. */
  perHour: 5,
} as const

export const PhoneCodeRequest = object({
  phone: size(string(), 4, 32),
  /** The page's language: the SMS is written in it (else the franchise's). */
  language: optional(enums(LOCALES)),
})
export const PhoneCodeConfirm = object({
  phone: size(string(), 4, 32),
  code: pattern(string(), /^\d{6}$/),
})

/** Whether the text typed so far is a whole code (the form's submit button). */
export const isCompleteCode = (code: string) => new RegExp(`^\\d{${PHONE_CODE.length}}$`).test(code.trim())

/** The answer to a code request: when the code expires, when another may be asked for. */
export const PhoneCodeSent = type({ expiresAt: string(), resendInSeconds: number() })
/** The answer to a right code: the proof the next call (registration, spin) carries. */
export const PhoneCodeConfirmed = type({ proof: string(), expiresAt: string() })
