// SMS through Twilio's Messages API (2010-04-01) with the official `twilio` library (issue 35 §3).
// Twilio has no idempotency key, so exactly-once rests on the outbox (sms/intent.ts): the row is
// written SUBMITTING before `messages.create`; a row still SUBMITTING later (a crash, a lost answer) is
// settled by listing the messages Twilio holds for that `To` and taking the one with the same body
// created since the row (and claimed by no other row). Only when Twilio has none is it sent again.
// Receipts come back on StatusCallback (routes/sms-twilio.ts), signed with the auth token.
import type twilio from 'twilio'
import type { Db, Tx } from '../../db/client'
import { lazily } from '../../lazy'
import type { Messenger, OutgoingMessage } from '../messaging'
import { retryAfterMs, SendFailure } from './failure'
import {
  attemptIntent,
  claimedElsewhere,
  failIntent,
  type Intent,
  intentOf,
  settleIntent,
  writeIntent,
} from './intent'

export type TwilioConfig = {
  accountSid: string
  authToken: string
  /** Sender when the franchise has no sender id of its own (a Twilio number, E.164). */
  from?: string | undefined
  messagingServiceSid?: string | undefined
  /** Where Twilio posts delivery receipts: `${PUBLIC_URL}/webhooks/sms/twilio/status`. */
  statusCallback: string
  /** Tests: a fake API on 127.0.0.1 instead of https://api.twilio.com. */
  baseUrl?: string | undefined
  timeoutMs?: number
}

/** Numbers Twilio refuses for good (its error dictionary): never retried, the phone marked unreachable. */
export const TWILIO_UNREACHABLE = new Set([21211, 21214, 21217, 21407, 21408, 21610, 21612, 21614])

const TWILIO_API = 'https://api.twilio.com'
// Sent within this much before the row was written still counts (clocks of two machines).
const CLOCK_SKEW_MS = 60_000

/**
 * Twilio's HTTP client, pointed at another base (tests) and carrying a 429's Retry-After to the error.
 * A class made once the SDK is loaded: the SDK loads at the first call, not in every process that
 * starts the adapters (0.34 s of CPU at each start of a crash test's worker).
 */
function twilioHttpClass(sdk: typeof twilio) {
  return class TwilioHttp extends sdk.RequestClient {
    constructor(
      private readonly base: string | undefined,
      timeout: number,
    ) {
      super({ timeout, keepAlive: true })
    }
    override async request<T>(opts: Parameters<twilio.RequestClient['request']>[0]) {
      const uri = this.base ? opts.uri.replace(TWILIO_API, this.base.replace(/\/$/, '')) : opts.uri
      const res = await super.request<T>({ ...opts, uri } as typeof opts & { data?: T })
      if (res.statusCode === 429) {
        const wait = retryAfterMs((res.headers as Record<string, unknown>)['retry-after'])
        const body = typeof res.body === 'string' ? safeJson(res.body) : res.body
        return { ...res, body: { ...(body as object), details: { retryAfterMs: wait } } as T }
      }
      return res
    }
  }
}

const loadTwilio = lazily(() => import('twilio').then((m) => m.default))

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}

/** A Twilio error as the dispatch reads it (RestException: status, code, message, more_info). */
export function twilioFailure(err: unknown): SendFailure {
  const e = err as { status?: number; code?: number; message?: string; details?: { retryAfterMs?: number } }
  if (typeof e?.status !== 'number')
    return new SendFailure(`Twilio unreachable: ${(err as Error).message}`, { code: 'NETWORK' })
  const code = String(e.code ?? e.status)
  return new SendFailure(`Twilio ${e.status} ${code}: ${e.message ?? ''}`.trim(), {
    code,
    unreachable: e.code !== undefined && TWILIO_UNREACHABLE.has(e.code),
    retryAfterMs: e.status === 429 ? e.details?.retryAfterMs : undefined,
  })
}

export function twilioSms(config: TwilioConfig): Messenger {
  // Ten times the time limit: how long a request we stopped waiting for may still reach Twilio.
  const settleMs = 10 * (config.timeoutMs ?? 10_000)
  const twilioClient = lazily(() =>
    loadTwilio().then((sdk) => {
      const TwilioHttp = twilioHttpClass(sdk)
      return sdk(config.accountSid, config.authToken, {
        httpClient: new TwilioHttp(config.baseUrl, config.timeoutMs ?? 10_000),
      })
    }),
  )

  /** The message Twilio accepted for this row, if any (see the head of this file). */
  async function lookup(db: Db | Tx, intent: Intent): Promise<{ id: string } | null> {
    let listed: Awaited<ReturnType<ReturnType<typeof twilio>['messages']['list']>>
    try {
      listed = await (await twilioClient()).messages.list({ to: intent.recipient, limit: 50 })
    } catch (err) {
      throw twilioFailure(err)
    }
    const since = intent.createdAt.getTime() - CLOCK_SKEW_MS
    for (const m of listed) {
      if (m.body !== intent.body || m.dateCreated.getTime() < since) continue
      if (await claimedElsewhere(db, intent.id, m.sid)) continue
      await settleIntent(db, intent.id, m.sid, m.dateCreated)
      return { id: m.sid }
    }
    return null
  }

  async function send(db: Db | Tx, m: OutgoingMessage) {
    const { intent, earlier } = await writeIntent(
      db,
      'twilio',
      m,
      new Date(),
      new Date(Date.now() + settleMs),
    )
    if (intent.providerMessageId) return { id: intent.providerMessageId }
    if (earlier) {
      const found = await lookup(db, intent)
      if (found) return found
      // A request given up on may still land at Twilio a little later (seen under load in the crash
      // test): "not listed" proves nothing until the last attempt's window has passed.
      if (!(await attemptIntent(db, intent.id, new Date(Date.now() + settleMs))))
        throw new SendFailure('Twilio: the last attempt may still land; asking again later', {
          code: 'OUTCOME_PENDING',
        })
    }
    const from = m.from || config.from
    try {
      const sent = await (await twilioClient()).messages.create({
        to: m.to,
        body: m.text,
        ...(config.messagingServiceSid ? { messagingServiceSid: config.messagingServiceSid } : {}),
        ...(from ? { from } : {}),
        statusCallback: config.statusCallback,
      })
      await settleIntent(db, intent.id, sent.sid)
      return { id: sent.sid }
    } catch (err) {
      const failure = twilioFailure(err)
      // Twilio answered with a refusal: nothing was accepted, the row says why (Messages sent).
      if (failure.code !== 'NETWORK') await failIntent(db, intent.id, failure.code)
      throw failure
    }
  }

  return {
    kind: 'twilio',
    channel: 'sms',
    send,
    async find(db, dedupeKey) {
      const intent = await intentOf(db, dedupeKey)
      if (!intent) return null
      if (intent.providerMessageId) return { id: intent.providerMessageId }
      return lookup(db, intent)
    },
  }
}
