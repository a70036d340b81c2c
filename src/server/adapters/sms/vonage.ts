// SMS through Vonage's SMS API (POST rest.nexmo.com/sms/json) with the official @vonage/server-sdk
// (issue 35 §3). Vonage has neither an idempotency key nor a way to list sent messages, so the outbox
// row is the record (sms/intent.ts): written SUBMITTING before the call, SENT with the message-id when
// Vonage answers. The dedupe key travels as `client-ref` and comes back on each delivery receipt, so a
// row whose answer was lost is settled by its receipt (services/sms-receipts.ts). Until then the row
// is "maybe sent" and is never sent again (at most once): the dispatch retries later, and gives the
// recipient up after its attempts if no receipt came.
import { createHash } from 'node:crypto'
import type { Db, Tx } from '../../db/client'
import { lazily } from '../../lazy'
import type { Messenger, OutgoingMessage } from '../messaging'
import { retryAfterMs, SendFailure } from './failure'
import { failIntent, intentOf, settleIntent, writeIntent } from './intent'

export type VonageConfig = {
  apiKey: string
  apiSecret: string
  /** Sender when the franchise has no sender id of its own. */
  from?: string | undefined
  /** Where Vonage posts delivery receipts: `${PUBLIC_URL}/webhooks/sms/vonage/status`. */
  callback: string
  /** Tests: a fake API on 127.0.0.1 instead of https://rest.nexmo.com. */
  restHost?: string | undefined
  timeoutMs?: number
}

/** SMS API statuses naming the number itself (6 unroutable, 7 barred, 33 de-activated). */
export const VONAGE_UNREACHABLE = new Set(['6', '7', '33'])
/** 1 throttled: Vonage asks to slow down, about a second. */
const THROTTLED = '1'

/** The dedupe key as `client-ref` (at most 100 characters; a longer key goes as its hash). */
export const clientRefOf = (key: string) =>
  key.length <= 100 ? key : `h:${createHash('sha256').update(key).digest('hex')}`

type Answer = { status?: string; errorText?: string; messageId?: string }

export function vonageFailure(err: unknown): SendFailure {
  const e = err as {
    response?: { status?: number; headers?: { get(name: string): string | null }; messages?: Answer[] }
    getFailedMessages?: () => Answer[]
  }
  const refused = e?.getFailedMessages?.()[0]
  if (refused?.status) {
    const status = refused.status
    return new SendFailure(`Vonage status ${status}: ${refused.errorText ?? ''}`.trim(), {
      code: status,
      unreachable: VONAGE_UNREACHABLE.has(status),
      retryAfterMs: status === THROTTLED ? 1_000 : undefined,
    })
  }
  const http = e?.response?.status
  if (typeof http === 'number')
    return new SendFailure(`Vonage HTTP ${http}`, {
      code: `HTTP_${http}`,
      retryAfterMs: http === 429 ? retryAfterMs(e.response?.headers?.get('retry-after')) : undefined,
    })
  return new SendFailure(`Vonage unreachable: ${(err as Error).message}`, { code: 'NETWORK' })
}

// The SDK is loaded by the first send, not by every process that starts the app (0.7 s of CPU: a
// server's start, and each worker a crash test starts again and again).
const loadSdk = lazily(() => import('@vonage/server-sdk'))

export function vonageSms(config: VonageConfig): Messenger {
  const vonage = lazily(() =>
    loadSdk().then(
      ({ Vonage }) =>
        new Vonage(
          { apiKey: config.apiKey, apiSecret: config.apiSecret },
          { ...(config.restHost ? { restHost: config.restHost } : {}), timeout: config.timeoutMs ?? 10_000 },
        ),
    ),
  )

  async function send(db: Db | Tx, m: OutgoingMessage) {
    const { intent, earlier } = await writeIntent(db, 'vonage', m)
    if (intent.providerMessageId) return { id: intent.providerMessageId }
    // An earlier call's outcome is unknown (no answer, no receipt yet): never a second send.
    if (earlier && intent.status !== 'FAILED')
      throw new SendFailure('Vonage: an earlier attempt may have been sent; waiting for its receipt', {
        code: 'OUTCOME_UNKNOWN',
      })
    const from = m.from || config.from
    try {
      const res = await (await vonage()).sms.send({
        to: m.to.replace(/^\+/, ''),
        from: from ?? '',
        text: m.text,
        ...(m.dedupeKey ? { clientRef: clientRefOf(m.dedupeKey) } : {}),
        callback: config.callback,
      })
      const id = res.messages[0]?.messageId
      if (!id) throw new SendFailure('Vonage answered without a message-id', { code: 'NO_ID' })
      await settleIntent(db, intent.id, id)
      return { id }
    } catch (err) {
      const failure = err instanceof SendFailure ? err : vonageFailure(err)
      // A refusal Vonage answered (a status, an HTTP error): nothing went out.
      if (failure.code !== 'NETWORK' && failure.code !== 'NO_ID')
        await failIntent(db, intent.id, failure.code)
      throw failure
    }
  }

  return {
    kind: 'vonage',
    channel: 'sms',
    send,
    async find(db, dedupeKey) {
      const intent = await intentOf(db, dedupeKey)
      return intent?.providerMessageId ? { id: intent.providerMessageId } : null
    },
  }
}
