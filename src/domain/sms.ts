// SMS text rules (SPEC §5, §9), shared by the campaign screens and the server: how a text is encoded and
// counted, what makes it too long, what is refused, the opt-out mention a marketing SMS ends with, and
// what a campaign costs. The GSM 03.38 tables come from Twilio's segment calculator: the basic set
// counts 1, the extension table (^{}\[~]|€ …) 2, anything else turns the whole text into UCS-2.
import { SegmentedMessage } from 'sms-segments-calculator'
import { enums, literal, type } from 'superstruct'
import { SMS_COUNTRIES } from './countries'
import { franchiseLocale } from './locale'

/** One SMS: 160 GSM-7 septets, or 70 UCS-2 characters (§9). */
export const SMS_LIMITS = { 'GSM-7': 160, 'UCS-2': 70 } as const
export type SmsEncoding = keyof typeof SMS_LIMITS

/** §9: 0.08 EUR per SMS received; push notifications are free. */
export const SMS_UNIT_PRICE_EUR = 0.08

/** A character the text may not carry, with its position (in characters, from 0) in the merchant's text. */
export type SmsOffender = { char: string; position: number }

export type SmsTextCheck = {
  encoding: SmsEncoding
  /** What the whole message counts (text, link and opt-out mention): septets or UCS-2 characters. */
  length: number
  limit: number
  /** Messages the text would take if it were sent as a long SMS (shown, never allowed above 1). */
  segments: number
  isLengthValid: boolean
  /** Emoji: refused whatever the length. */
  emoji: SmsOffender[]
  /** Characters outside GSM-7 that make the text UCS-2 (allowed, but the limit drops to 70). */
  nonGsm: SmsOffender[]
  isValid: boolean
  /**
   * What the merchant does not type but the customer gets (§5: the link counts; every marketing SMS
   * ends with the opt-out mention): its length in the text's encoding, the room left for the text.
   */
  fixed: { length: number; link: string | null; optOut: string | null }
  room: number
}

// Pictographs drawn as emoji: those with emoji presentation, any symbol asked to be drawn as one
// (U+FE0F), joiners of emoji sequences and flags' regional indicators. ©, ® and ™ alone stay text.
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|[\u200D\uFE0F]|\p{Regional_Indicator}/u

/** The characters of a text as a person counts them (grapheme clusters, so 👍🏽 is one). */
function graphemes(text: string): string[] {
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment)
}

/**
 * Checks a marketing SMS: the merchant's `text`, the `link` it carries (counted, §5) and the opt-out
 * mention appended to it, as the customer will receive them.
 */
export function checkSmsText(text: string, options: { link?: string; optOut?: string } = {}): SmsTextCheck {
  // An editor asks again for the same text on every render and guard: the last answer is kept.
  const key = `${text}\u0000${options.link ?? ''}\u0000${options.optOut ?? ''}`
  if (lastCheck?.key === key) return lastCheck.check
  const check = computeCheck(text, options)
  lastCheck = { key, check }
  return check
}

let lastCheck: { key: string; check: SmsTextCheck } | null = null

function computeCheck(text: string, options: { link?: string; optOut?: string }): SmsTextCheck {
  const full = composeSms(text, options)
  const message = new SegmentedMessage(full)
  const encoding = message.encodingName as SmsEncoding
  const emoji: SmsOffender[] = []
  const nonGsm: SmsOffender[] = []
  graphemes(text).forEach((char, position) => {
    if (EMOJI.test(char)) emoji.push({ char, position })
    else if (!new SegmentedMessage(char).encodedChars.every((c) => c.isGSM7)) nonGsm.push({ char, position })
  })
  const limit = SMS_LIMITS[encoding]
  const length = message.numberOfCharacters
  const isLengthValid = length <= limit
  // Counted in the whole message's encoding: the text alone, the rest (and its line breaks) is fixed;
  // before any text, the line break the text will bring is counted already.
  const own = text.trim() ? new SegmentedMessage(text.trim(), encoding).numberOfCharacters : 0
  const fixed = {
    length: own ? length - own : length && length + 1,
    link: options.link?.trim() || null,
    optOut: options.optOut || null,
  }
  return {
    encoding,
    length,
    limit,
    segments: message.segmentsCount,
    isLengthValid,
    emoji,
    nonGsm,
    isValid: isLengthValid && emoji.length === 0 && text.trim().length > 0,
    fixed,
    room: Math.max(0, limit - fixed.length),
  }
}

/** The SMS as sent: the text, then the link, then the opt-out mention, each on its own line. */
export function composeSms(text: string, options: { link?: string; optOut?: string } = {}): string {
  return [text.trim(), options.link?.trim(), options.optOut].filter((part) => !!part).join('\n')
}

// The opt-out mention by the franchise's country (alpha-3), in its language and in GSM-7 only, so that
// it never turns a text into UCS-2. Replying STOP reaches the SMS provider's inbound webhook.
const OPT_OUT: Record<string, string> = {
  FRA: 'STOP SMS: repondez STOP',
  BEL: 'STOP SMS: repondez STOP',
  CHE: 'STOP SMS: repondez STOP',
  PYF: 'STOP SMS: repondez STOP',
  MTQ: 'STOP SMS: repondez STOP',
  CAN: 'Reply STOP to opt out',
  USA: 'Reply STOP to opt out',
  GBR: 'Reply STOP to opt out',
  IRL: 'Reply STOP to opt out',
  DEU: 'Abmelden: STOP antworten',
  ITA: 'Rispondi STOP per disiscriverti',
  ESP: 'Responde STOP para darte de baja',
  PRT: 'Responda STOP para cancelar',
  POL: 'Odpowiedz STOP aby zrezygnowac',
}

/** A country without its own mention gets its franchises' language's (domain/locale.ts franchiseLocale). */
export function optOutMention(countryAlpha3: string): string {
  return OPT_OUT[countryAlpha3] ?? (franchiseLocale(countryAlpha3) === 'fr' ? OPT_OUT.FRA! : OPT_OUT.GBR!)
}

/** §9: the countries whose phone numbers get marketing SMS (src/domain/countries.ts). */
export { SMS_COUNTRIES }

/** Words that opt a customer out when they reply with them (any case, surrounding spaces ignored). */
const STOP_WORDS = ['STOP', 'STOPSMS', 'STOP SMS', 'UNSUBSCRIBE', 'ARRET', 'ARRÊT', 'DESABONNER']

export function isStopReply(body: string): boolean {
  return STOP_WORDS.includes(body.trim().toUpperCase().replace(/\s+/g, ' '))
}

/** What an inbound SMS did (issue 18): a STOP opted its phone out, or changed nothing, or was no STOP. */
export const SMS_INBOUND_OUTCOMES = ['opted-out', 'unchanged', 'not-stop', 'unknown-sender'] as const
export type SmsInboundOutcome = (typeof SMS_INBOUND_OUTCOMES)[number]
/** The provider's answer from POST /webhooks/sms/inbound: the outcome only, never the phone or the text. */
export const SmsInboundResponse = type({ received: literal(true), outcome: enums(SMS_INBOUND_OUTCOMES) })

/** §7 cost call: the price of sending to `recipients`, in euros, rounded to the cent. */
export function campaignCost(channel: 'SMS' | 'PUSH', recipients: number) {
  const unitPrice = channel === 'SMS' ? SMS_UNIT_PRICE_EUR : 0
  return { unitPrice, nbUsers: recipients, totalPrice: Math.round(unitPrice * recipients * 100) / 100 }
}
