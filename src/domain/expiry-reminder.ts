// The checks of the franchise page's points-expiry draft, shared by its machine and the server. Apart
// from domain/expiry.ts because the reminder's SMS rules need the segment counter (domain/sms.ts), which
// the client pages that only read a client's expiry must not download.

import type { Channel } from './campaigns'
import { EXPIRY_MONTHS, type ExpiryDraft, REMINDER_MESSAGE_MAX } from './expiry'
import { checkSmsText, optOutMention } from './sms'

/** Message key suffixes (`expiry.errors.<key>`) per field, empty when valid. */
export type ExpiryErrors = Partial<Record<'months' | 'title' | 'message', string>>

export function expiryErrors(d: ExpiryDraft, countryAlpha3: string): ExpiryErrors {
  const e: ExpiryErrors = {}
  if (d.mode === 'OFF') return e
  const months = d.months.trim()
  if (!/^\d+$/.test(months) || Number(months) < EXPIRY_MONTHS.min || Number(months) > EXPIRY_MONTHS.max)
    e.months = 'months'
  if (!d.reminderEnabled) return e
  const error = reminderError(d, countryAlpha3)
  if (error) e[error.field] = error.code
  return e
}

/** The reminder's text rules (the campaign editor's): a message; for SMS, §5's length and charset. */
export function reminderError(
  r: { channel: Channel; title: string; message: string },
  countryAlpha3: string,
): { field: 'title' | 'message'; code: string } | null {
  if (r.message.trim() === '') return { field: 'message', code: 'messageRequired' }
  if (r.message.length > REMINDER_MESSAGE_MAX) return { field: 'message', code: 'messageTooLong' }
  if (r.channel === 'PUSH') {
    if (r.title.trim() === '') return { field: 'title', code: 'titleRequired' }
    return null
  }
  const check = checkSmsText(r.message, { optOut: optOutMention(countryAlpha3) })
  if (check.emoji.length) return { field: 'message', code: 'smsEmoji' }
  if (!check.isLengthValid) return { field: 'message', code: 'smsTooLong' }
  return null
}
