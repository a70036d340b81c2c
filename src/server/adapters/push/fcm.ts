// Push through Firebase Cloud Messaging's HTTP v1 API (issue 35 §4): `POST {api}/v1/projects/{project}/
// messages:send` with a service account's OAuth2 access token (service-account.ts). A push campaign's
// address is the client's id; the message goes to the client's latest registered installation, and
// at most once: FCM has no idempotency key nor a list of sent messages, so the outbox row is written
// SUBMITTING before the call, and a message whose call got no answer (a timeout, a crash) is never
// posted again; a refusal (FAILED: nothing went out) is retried. A retry asks the outbox first (`find`).
// Errors as FCM documents them ({error:{code,message,status,details:[FcmError{errorCode}]}}):
// UNREGISTERED, INVALID_ARGUMENT (the FcmError's: an invalid token) and SENDER_ID_MISMATCH delete that
// token and the next installation is tried; QUOTA_EXCEEDED, UNAVAILABLE, INTERNAL (429, 503, 500) wait
// for Retry-After (else 1 s, 2 s …) and try again, then leave the retry to the dispatch; an expired
// access token (401 UNAUTHENTICATED) is fetched again once.
import { and, eq } from 'drizzle-orm'
import type { JWT } from 'google-auth-library'
import type { Db, Tx } from '../../db/client'
import { outbox } from '../../db/schema'
import { dropPushToken, pushTokensOf } from '../../services/push-tokens'
import type { Delivery, Messenger, OutgoingMessage } from '../messaging'
import { SendFailure } from '../sms/failure'
import { accessTokenClient, type ServiceAccount } from './service-account'

export const FCM_API_URL = 'https://fcm.googleapis.com'
const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError'
/** The token itself is wrong or gone: deleted, never retried. */
const TOKEN_GONE = new Set(['UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH'])
const TRANSIENT = new Set(['QUOTA_EXCEEDED', 'UNAVAILABLE', 'INTERNAL'])
const TRANSIENT_STATUS = new Set([429, 500, 503])

export type FcmOptions = {
  account: ServiceAccount
  apiUrl?: string | undefined
  timeoutMs?: number
  /** Waits between attempts (the tests' clock). */
  sleep?: (ms: number) => Promise<void>
  /** Attempts after the first on a quota or availability error, within one send. */
  retries?: number
  /** A longer Retry-After is not waited here: the dispatch retries the recipient later. */
  maxWaitMs?: number
}

/** The client has no installation left that FCM takes: the recipient is given up on, FCM is fine. */
export const NO_INSTALLATION = 'NO_INSTALLATION'
/** The call got no answer (timeout, reset): FCM may have accepted it. */
export const NO_ANSWER = 'FCM_NO_ANSWER'
/** An earlier attempt got no answer: the message is given up on rather than maybe sent twice. */
export const OUTCOME_UNKNOWN = 'FCM_OUTCOME_UNKNOWN'

/**
 * FCM's refusal, as the dispatch reads a send failure (sms/failure.ts): `retryAfterMs` is FCM's own
 * wait; `permanent` is not worth another attempt of this message; `unreachable` (no installation
 * left) gives the recipient up without counting against FCM (the circuit breaker).
 */
export class PushError extends SendFailure {
  constructor(
    message: string,
    readonly permanent: boolean,
    retryAfterMs?: number,
    code = 'FCM',
  ) {
    super(message, { code, unreachable: code === NO_INSTALLATION, retryAfterMs })
    this.name = 'PushError'
  }
}

type FcmErrorBody = {
  error?: {
    code?: number
    message?: string
    status?: string
    details?: { '@type'?: string; errorCode?: string }[]
  }
}

/** Retry-After in seconds or as an HTTP date, in ms. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** FCM's payload: a notification, and the link as data (and as the web click target when https). */
function fcmMessage(token: string, m: OutgoingMessage) {
  const notification = { title: m.title ?? '', body: m.text, ...(m.imageUrl ? { image: m.imageUrl } : {}) }
  return {
    message: {
      token,
      notification,
      ...(m.link ? { data: { link: m.link } } : {}),
      ...(m.link?.startsWith('https://') ? { webpush: { fcm_options: { link: m.link } } } : {}),
    },
  }
}

type Outcome = { kind: 'sent'; name: string } | { kind: 'gone'; code: string }

export function fcmPush(options: FcmOptions): Messenger {
  const { account } = options
  const url = `${(options.apiUrl ?? FCM_API_URL).replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`
  const sleep = options.sleep ?? delay
  const retries = options.retries ?? 2
  const maxWaitMs = options.maxWaitMs ?? 30_000
  // Made at the first push (the library loads then); made again when FCM refuses its token.
  let auth: Promise<JWT> | undefined

  async function post(token: string, m: OutgoingMessage): Promise<Outcome> {
    let refreshed = false
    for (let attempt = 0; ; attempt++) {
      auth ??= accessTokenClient(account)
      const { token: access } = await (await auth).getAccessToken()
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
          body: JSON.stringify(fcmMessage(token, m)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        })
      } catch (err) {
        // Refused before the request left (FCM down): not sent. A timeout or a reset: maybe sent.
        const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
        throw new PushError(
          `FCM unreachable (${(err as Error).name})`,
          false,
          undefined,
          refused ? 'FCM' : NO_ANSWER,
        )
      }
      if (res.ok) return { kind: 'sent', name: ((await res.json()) as { name: string }).name }
      const body = ((await res.json().catch(() => ({}))) ?? {}) as FcmErrorBody
      const code = body.error?.details?.find((d) => d['@type'] === FCM_ERROR)?.errorCode
      const what = `FCM ${res.status} ${code ?? body.error?.status ?? ''}: ${body.error?.message ?? res.statusText}`
      if (code && TOKEN_GONE.has(code)) return { kind: 'gone', code }
      // An access token FCM no longer takes (expired early, revoked): one fresh token, then give up.
      if (res.status === 401 && code !== 'THIRD_PARTY_AUTH_ERROR' && !refreshed) {
        refreshed = true
        auth = accessTokenClient(account)
        continue
      }
      if (TRANSIENT_STATUS.has(res.status) || (code && TRANSIENT.has(code))) {
        const wait = retryAfterMs(res.headers.get('retry-after')) ?? 1000 * 2 ** attempt
        if (attempt < retries && wait <= maxWaitMs) {
          await sleep(wait)
          continue
        }
        throw new PushError(what, false, wait, code ?? `HTTP_${res.status}`)
      }
      throw new PushError(what, true, undefined, code ?? `HTTP_${res.status}`)
    }
  }

  /**
   * A message already sent under this key, or maybe sent (its call got no answer: SUBMITTING): either
   * way not sent again. A FAILED row (FCM answered with a refusal) was not sent and may be retried.
   */
  async function find(db: Db | Tx, dedupeKey: string): Promise<Delivery | null> {
    const [row] = await db
      .select({ id: outbox.id, providerMessageId: outbox.providerMessageId, status: outbox.status })
      .from(outbox)
      .where(eq(outbox.dedupeKey, dedupeKey))
    if (!row || row.status === 'FAILED') return null
    return { id: row.providerMessageId ?? row.id }
  }

  /**
   * The message's outbox row, written SUBMITTING before FCM is called (FCM has no idempotency key):
   * a crash or a lost answer leaves it so, and the message is then never posted again (at most once).
   * An earlier FAILED row (a refusal: nothing went out) is taken over for this attempt.
   */
  async function claimRow(db: Db | Tx, m: OutgoingMessage & { franchiseId: string }) {
    const values = {
      franchiseId: m.franchiseId,
      channel: 'push',
      recipient: m.to,
      subject: m.title ?? null,
      body: m.link ? `${m.text}\n${m.link}` : m.text,
      provider: 'fcm',
      status: 'SUBMITTING',
      dedupeKey: m.dedupeKey ?? null,
    }
    const [mine] = await db.insert(outbox).values(values).onConflictDoNothing().returning({ id: outbox.id })
    if (mine) return mine.id
    const [retried] = await db
      .update(outbox)
      .set({ status: 'SUBMITTING', lastError: null })
      .where(and(eq(outbox.dedupeKey, m.dedupeKey ?? ''), eq(outbox.status, 'FAILED')))
      .returning({ id: outbox.id })
    if (retried) return retried.id
    throw new PushError(
      'An earlier attempt got no answer from FCM: it may have been sent, so it is not sent again',
      true,
      undefined,
      OUTCOME_UNKNOWN,
    )
  }

  const settle = (db: Db | Tx, id: string, values: Partial<typeof outbox.$inferInsert>) =>
    db.update(outbox).set(values).where(eq(outbox.id, id))

  return {
    kind: 'http',
    channel: 'push',
    find,
    async send(db, m) {
      if (!m.franchiseId) throw new PushError('A push needs its franchise', true)
      const done = m.dedupeKey ? await find(db, m.dedupeKey) : null
      if (done) return done
      const row = await claimRow(db, { ...m, franchiseId: m.franchiseId })
      try {
        for (const target of await pushTokensOf(db, m.franchiseId, m.to)) {
          const outcome = await post(target.token, m)
          if (outcome.kind === 'gone') {
            await dropPushToken(db, target.id)
            continue
          }
          await settle(db, row, { status: 'SENT', providerMessageId: outcome.name, sentAt: new Date() })
          return { id: outcome.name }
        }
        throw new PushError(
          'No app installation of this client can receive notifications',
          true,
          undefined,
          NO_INSTALLATION,
        )
      } catch (err) {
        // An answer (a refusal, no installation) says nothing went out; no answer leaves the row
        // SUBMITTING: maybe sent, never posted again.
        if (!(err instanceof PushError && err.code === NO_ANSWER))
          await settle(db, row, { status: 'FAILED', lastError: String((err as Error).message).slice(0, 200) })
        throw err
      }
    },
  }
}
