// Push through FCM HTTP v1 (issue 35 §4), against a fake FCM and a fake OAuth2 token endpoint on
// 127.0.0.1 (tests/support/fake-fcm.ts), PGlite and PostgreSQL: delivered once per dedupe key to the
// client's latest installation, UNREGISTERED and invalid tokens removed (and the next installation
// tried), quota and availability errors waited out (Retry-After) or left to the dispatch, the access
// token fetched once and again when it expires, a key the token endpoint does not know refused; a call
// that got no answer never posted again (at most once), a refused one retried.
// Waits go through the test's sleep; the token's expiry through a faked Date.
import { generateKeyPairSync } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fcmPush, NO_ANSWER, PushError } from '../../src/server/adapters/push/fcm'
import { campaigns, clientPushTokens, clients, franchises, outbox } from '../../src/server/db/schema'
import { runDispatch } from '../../src/server/services/campaign-dispatch'
import { startTestApp, type TestApp } from '../support/app'
import {
  addCampaign,
  addClients,
  LOCAL_CHANNELS,
  recipientsOf,
  resultDeps,
} from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { type FakeFcm, startFakeFcm } from '../support/fake-fcm'

const token = (n: string) => `${n}:APA91b${'x'.repeat(140)}`

describe.each(databaseKinds())('push through FCM on %s', (kind) => {
  let t: TestApp
  let fcm: FakeFcm
  let fid: string
  let waits: number[]
  let n = 0
  const db = () => t.database.db
  const push = (options: { retries?: number; maxWaitMs?: number; timeoutMs?: number } = {}) =>
    fcmPush({
      account: fcm.account,
      apiUrl: fcm.url,
      sleep: async (ms) => {
        waits.push(ms)
      },
      ...options,
    })

  /** A client with installations registered at the given minutes past (the latest is the smallest). */
  async function clientWith(...tokens: [string, number][]) {
    const [c] = await db()
      .insert(clients)
      .values({ franchiseId: fid, firstName: 'Ada', phone: `+3361234${String(++n).padStart(4, '0')}` })
      .returning({ id: clients.id })
    for (const [value, minutesAgo] of tokens) {
      const at = new Date(Date.now() - minutesAgo * 60_000)
      await db().insert(clientPushTokens).values({
        franchiseId: fid,
        clientId: c!.id,
        token: value,
        platform: 'android',
        createdAt: at,
        updatedAt: at,
      })
    }
    return c!.id
  }
  const tokensOf = async (clientId: string) =>
    (await db().select().from(clientPushTokens).where(eq(clientPushTokens.clientId, clientId))).map(
      (r) => r.token,
    )
  const message = (clientId: string, key: string) => ({
    to: clientId,
    franchiseId: fid,
    title: 'Happy hour',
    text: 'Two drinks for one until 8 pm',
    link: 'https://app.example.test/r/abc',
    dedupeKey: key,
  })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    fcm = await startFakeFcm()
    const [f] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
  })
  afterAll(async () => {
    await fcm?.close()
    await t?.close()
  })
  afterEach(() => {
    waits = []
    fcm.script = []
    vi.useRealTimers()
  })

  it('delivers to the latest installation once per dedupe key, recorded in the outbox', async () => {
    waits = []
    const client = await clientWith([token('old'), 90], [token('new'), 5])
    const p = push()
    const sent = await p.send(db(), message(client, `campaign:c1:${client}`))
    expect(sent.id).toMatch(/^projects\/loyalty-test\/messages\/0:/)
    const last = fcm.accepted.at(-1)!
    expect(last.token).toBe(token('new'))
    expect(last.message).toMatchObject({
      notification: { title: 'Happy hour', body: 'Two drinks for one until 8 pm' },
      data: { link: 'https://app.example.test/r/abc' },
      webpush: { fcm_options: { link: 'https://app.example.test/r/abc' } },
    })
    const rows = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `campaign:c1:${client}`))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      channel: 'push',
      recipient: client,
      providerMessageId: sent.id,
      status: 'SENT',
    })
    // A retry of the same recipient (a crash after the send) finds it: FCM is not called again.
    const sends = fcm.sends
    expect(await p.find(db(), `campaign:c1:${client}`)).toEqual({ id: sent.id })
    expect(await p.send(db(), message(client, `campaign:c1:${client}`))).toEqual({ id: sent.id })
    expect(fcm.sends).toBe(sends)
    expect(await p.find(db(), `campaign:c1:nobody`)).toBeNull()
  })

  it('removes an UNREGISTERED or invalid token and tries the next installation', async () => {
    waits = []
    const client = await clientWith([token('kept'), 300], [token('invalid'), 60], [token('gone'), 1])
    fcm.unregistered.add(token('gone'))
    fcm.invalid.add(token('invalid'))
    const before = fcm.accepted.length
    await push().send(db(), message(client, `campaign:c2:${client}`))
    expect(fcm.accepted.slice(before).map((a) => a.token)).toEqual([token('kept')])
    expect(await tokensOf(client)).toEqual([token('kept')])

    // Nothing left to reach: a permanent refusal, recorded as not sent, the token never tried again.
    const lone = await clientWith([token('lone'), 1])
    fcm.unregistered.add(token('lone'))
    const err = await push()
      .send(db(), message(lone, `campaign:c2:${lone}`))
      .catch((e) => e)
    expect(err).toBeInstanceOf(PushError)
    expect(err.permanent).toBe(true)
    expect(await tokensOf(lone)).toEqual([])
    const rows = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `campaign:c2:${lone}`))
    expect(rows.map((r) => [r.status, r.providerMessageId, r.lastError])).toEqual([
      ['FAILED', null, 'No app installation of this client can receive notifications'],
    ])
  })

  it('backs off on quota and availability errors, honouring Retry-After', async () => {
    waits = []
    const client = await clientWith([token('quota'), 1])
    fcm.script = [{ status: 429, retryAfter: '7' }, { status: 503 }]
    const before = fcm.accepted.length
    await push().send(db(), message(client, `campaign:c3:${client}`))
    // Retry-After's 7 s, then 2 s (the second attempt's own backoff: 503 without Retry-After).
    expect(waits).toEqual([7000, 2000])
    expect(fcm.accepted.length).toBe(before + 1)

    // Still refused after the retries, or a wait longer than the send may take: the dispatch retries
    // the recipient later (a transient error carrying FCM's wait), nothing sent, the token kept.
    waits = []
    const other = await clientWith([token('quota2'), 1])
    fcm.script = [{ status: 429, retryAfter: '120' }]
    const err = await push()
      .send(db(), message(other, `campaign:c3:${other}`))
      .catch((e) => e)
    expect(err).toBeInstanceOf(PushError)
    expect(err).toMatchObject({ permanent: false, retryAfterMs: 120_000 })
    expect(err.message).toContain('QUOTA_EXCEEDED')
    expect(waits).toEqual([])
    fcm.script = [{ status: 503 }, { status: 503 }, { status: 503 }]
    const again = await push()
      .send(db(), message(other, `campaign:c3:${other}`))
      .catch((e) => e)
    expect(again).toMatchObject({ permanent: false })
    expect(waits).toEqual([1000, 2000])
    expect(await tokensOf(other)).toEqual([token('quota2')])
    // The row says what FCM answered: nothing went out (FAILED), so the dispatch's retry sends it.
    const rowOf = async () =>
      (
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `campaign:c3:${other}`))
      )[0]
    expect(await rowOf()).toMatchObject({ status: 'FAILED', providerMessageId: null })
    expect((await rowOf())!.lastError).toContain('UNAVAILABLE')
    expect(await push().find(db(), `campaign:c3:${other}`)).toBeNull()
    const retried = await push().send(db(), message(other, `campaign:c3:${other}`))
    expect(await rowOf()).toMatchObject({ status: 'SENT', providerMessageId: retried.id })
    expect(fcm.accepted.filter((a) => a.token === token('quota2'))).toHaveLength(1)
  })

  it('never posts a message again after a call that got no answer (at most once)', async () => {
    const client = await clientWith([token('lost'), 1])
    const key = `campaign:c6:${client}`
    fcm.script = [{ status: 'hang' }]
    const err = await push({ timeoutMs: 300 })
      .send(db(), message(client, key))
      .catch((e) => e)
    expect(err).toMatchObject({ code: NO_ANSWER, permanent: false })
    // FCM took it; we cannot know. The row stays SUBMITTING, and a retry finds it instead of posting.
    const sends = fcm.sends
    const [row] = await db().select().from(outbox).where(eq(outbox.dedupeKey, key))
    expect(row).toMatchObject({ status: 'SUBMITTING', provider: 'fcm' })
    expect(await push().find(db(), key)).toEqual({ id: row!.id })
    expect(await push().send(db(), message(client, key))).toEqual({ id: row!.id })
    expect(fcm.sends).toBe(sends)
    expect(fcm.accepted.filter((a) => a.token === token('lost'))).toHaveLength(1)
  })

  it('fetches an access token once, and again when it expires', async () => {
    waits = []
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() })
    const client = await clientWith([token('refresh'), 1])
    const p = push()
    const issued = fcm.tokensIssued
    await p.send(db(), message(client, `campaign:c4a:${client}`))
    await p.send(db(), message(client, `campaign:c4b:${client}`))
    expect(fcm.tokensIssued).toBe(issued + 1)
    // An hour later the token has expired (FCM would answer 401): a new one is fetched first.
    vi.setSystemTime(Date.now() + 3600_000)
    await p.send(db(), message(client, `campaign:c4c:${client}`))
    expect(fcm.tokensIssued).toBe(issued + 2)
    const keys = ['c4a', 'c4b', 'c4c'].map((c) => `campaign:${c}:${client}`)
    for (const key of keys)
      expect(
        await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.dedupeKey, key), eq(outbox.channel, 'push'))),
      ).toHaveLength(1)
  })

  it('is refused by the token endpoint with a key it does not know', async () => {
    const client = await clientWith([token('forged'), 1])
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const forged = fcmPush({
      account: {
        ...fcm.account,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      apiUrl: fcm.url,
    })
    const before = fcm.sends
    await expect(forged.send(db(), message(client, `campaign:c5:${client}`))).rejects.toThrow(/invalid_grant/)
    expect(fcm.sends).toBe(before)
  })

  it('sends a push campaign: installed apps get it once, clients without one are given up on, FCM not blamed', async () => {
    waits = []
    const ids = await addClients(db(), fid, 12, '+3369')
    for (const [i, id] of ids.slice(0, 2).entries())
      await db()
        .insert(clientPushTokens)
        .values({
          franchiseId: fid,
          clientId: id,
          token: token(`camp${i}`),
          platform: 'ios',
          createdAt: new Date(),
          updatedAt: new Date(),
        })
    const c = await addCampaign(db(), fid, {
      channel: 'PUSH',
      title: 'Soldes',
      message: 'Soldes -20% ce week-end',
    })
    const before = fcm.accepted.length
    const deps = resultDeps(db(), { channels: { ...LOCAL_CHANNELS, PUSH: push() } })
    expect((await runDispatch(deps, c.id)).kind).toBe('sent')
    const rows = await recipientsOf(db(), c.id)
    const byStatus = (s: string) => rows.filter((r) => r.status === s)
    expect(
      byStatus('SENT')
        .map((r) => r.clientId)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort())
    expect(
      fcm.accepted
        .slice(before)
        .map((a) => a.token)
        .sort(),
    ).toEqual([token('camp0'), token('camp1')])
    // Ten clients in a row without an installation: each an error at its first attempt, and the
    // campaign is not paused as if FCM were failing.
    expect(byStatus('ERROR')).toHaveLength(10)
    for (const r of byStatus('ERROR')) {
      expect(r.attempts).toBe(1)
      expect(r.error).toContain('No app installation')
    }
    const [after] = await db().select().from(campaigns).where(eq(campaigns.id, c.id))
    expect(after).toMatchObject({ dispatch: 'SENT', pauseReason: null })
  })
})
