// SMS sender name (SPEC §5, §9): the rules and the forbidden names, shared by the server (validation of
// PATCH …/sender-id and GET …/sender-validity) and the browser (live feedback while typing).

export const SENDER_ID_MIN_LENGTH = 4
export const SENDER_ID_MAX_LENGTH = 11

export const SENDER_ID_CODES = [
  'SENDER_ID_EMPTY',
  'SENDER_ID_CONTAINS_SPACES',
  'SENDER_ID_TOO_LONG',
  'SENDER_ID_TOO_SHORT',
  'SENDER_ID_NOT_ALPHANUMERIC',
  'SENDER_ID_NOT_ALLOWED',
] as const
export type SenderIdCode = (typeof SENDER_ID_CODES)[number]

/**
 * Names operators refuse or that would impersonate someone (emergency services, administrations,
 * operators, generic words recipients trust). Compared without case.
 */
export const FORBIDDEN_SENDER_IDS = [
  'ADMIN',
  'ALERT',
  'AMELI',
  'BANK',
  'BANQUE',
  'BOUYGUES',
  'CAF',
  'FREE',
  'FREEMOBILE',
  'GENDARMERIE',
  'GOUV',
  'GOV',
  'IMPOTS',
  'INFO',
  'LAPOSTE',
  'NOREPLY',
  'ORANGE',
  'PAYPAL',
  'POLICE',
  'POMPIERS',
  'SAMU',
  'SECURITE',
  'SECURITY',
  'SERVICE',
  'SFR',
  'SMS',
  'SUPPORT',
  'TEST',
  'URGENCE',
  'VERIFY',
] as const

export type SenderIdValidity = { valid: true } | { valid: false; code: SenderIdCode }

/** The first rule a sender name breaks, in the order §5 lists them (so the message is the most useful). */
export function checkSenderId(value: string | null | undefined): SenderIdValidity {
  const v = value ?? ''
  if (v.trim() === '') return { valid: false, code: 'SENDER_ID_EMPTY' }
  if (/\s/.test(v)) return { valid: false, code: 'SENDER_ID_CONTAINS_SPACES' }
  if (v.length > SENDER_ID_MAX_LENGTH) return { valid: false, code: 'SENDER_ID_TOO_LONG' }
  if (v.length < SENDER_ID_MIN_LENGTH) return { valid: false, code: 'SENDER_ID_TOO_SHORT' }
  if (!/^[A-Za-z0-9]+$/.test(v)) return { valid: false, code: 'SENDER_ID_NOT_ALPHANUMERIC' }
  if ((FORBIDDEN_SENDER_IDS as readonly string[]).includes(v.toUpperCase()))
    return { valid: false, code: 'SENDER_ID_NOT_ALLOWED' }
  return { valid: true }
}

/** The message id (§8) of a sender-name code: SENDER_ID_CONTAINS_SPACES → franchise.senderId.codes.containsSpaces. */
export function senderIdMessage(code: string): string {
  const [first = '', ...rest] = code
    .replace(/^SENDER_ID_/, '')
    .toLowerCase()
    .split('_')
  return `franchise.senderId.codes.${first}${rest.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')}`
}
