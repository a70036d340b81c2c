// The SMS and push adapters (adapters/messaging.ts): the outbox by default, and an HTTP provider on
// 127.0.0.1 that gets the dedupe key as its Idempotency-Key and tells what it accepted under a key.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { outbox } from '../../src/server/db/schema'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'
import { type FakeProvider, startFakeProvider } from '../support/fake-provider'

const KEY = 'sms_test_key'

describe.each(databaseKinds())('message adapters on %s', (kind) => {
  let database: TestDatabase
  let provider: FakeProvider
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    provider = await startFakeProvider({ bearer: KEY })
  }, 120_000)
  afterAll(async () => {
    await provider?.close()
    await database?.drop()
  })
  const db = () => database.db
  const rows = (key: string) => db().select().from(outbox).where(eq(outbox.dedupeKey, key))

  it('keeps local SMS in the outbox, once per dedupe key, and finds them by key', async () => {
    const sms = createSms({})
    const m = { to: '+33612345678', text: 'Hello', from: 'DUPONT', dedupeKey: `local:${kind}:1` }
    const first = await sms.send(db(), m)
    const again = await sms.send(db(), m)
    expect(again.id).toBe(first.id)
    expect(await rows(m.dedupeKey)).toHaveLength(1)
    expect(await sms.find(db(), m.dedupeKey)).toEqual({ id: first.id })
    expect(await sms.find(db(), `local:${kind}:never`)).toBeNull()
  })

  it('posts to the provider with the key as Idempotency-Key: a repeat is one message', async () => {
    const sms = createSms({ url: provider.url, key: KEY })
    const m = { to: '+33612345678', text: 'Promo', from: 'DUPONT', dedupeKey: `http:${kind}:1` }
    const first = await sms.send(db(), m)
    const again = await sms.send(db(), m)
    expect(again.id).toBe(first.id)
    expect(provider.count(m.dedupeKey)).toBe(1)
    expect(provider.accepted.find((a) => a.key === m.dedupeKey)?.body).toEqual({
      to: '+33612345678',
      from: 'DUPONT',
      text: 'Promo',
    })
    expect(await rows(m.dedupeKey)).toMatchObject([{ provider: 'http', providerMessageId: first.id }])
  })

  it("settles a send cut off before it was recorded from the provider's record", async () => {
    const sms = createSms({ url: provider.url, key: KEY })
    const key = `http:${kind}:lost-reply`
    // The process posted, the provider accepted, and the process died before recording it.
    await fetch(provider.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+33612345678', text: 'Lost' }),
    })
    expect(await rows(key)).toHaveLength(0)
    const found = await sms.find(db(), key)
    expect(found?.id).toMatch(/^msg_/)
    expect(provider.count(key)).toBe(1)
    expect(await sms.find(db(), `http:${kind}:never-sent`)).toBeNull()
  })

  it('answers a lost reply by asking again with the same key: one message', async () => {
    const sms = createSms({ url: provider.url, key: KEY, timeoutMs: 200 })
    const key = `http:${kind}:hang-once`
    provider.script = ['hang']
    await expect(sms.send(db(), { to: '+33612345678', text: 'Once', dedupeKey: key })).resolves.toMatchObject(
      {
        id: expect.stringMatching(/^msg_/),
      },
    )
    expect(provider.count(key)).toBe(1)
  })

  it('retries a provider error with the same key and sends once', async () => {
    const sms = createSms({ url: provider.url, key: KEY })
    const key = `http:${kind}:flaky`
    const posts = provider.posts
    provider.failures.error500 = 0.5
    try {
      await sms.send(db(), { to: '+33612345678', text: 'Flaky', dedupeKey: key }).catch(() => undefined)
    } finally {
      provider.failures.error500 = 0
    }
    expect(provider.posts - posts).toBeGreaterThanOrEqual(1)
    expect(provider.count(key)).toBeLessThanOrEqual(1)
  })

  it('keeps its time limit on a retry: a 500 then no answer fails fast instead of waiting forever', async () => {
    const sms = createSms({ url: provider.url, key: KEY, timeoutMs: 200 })
    provider.script = ['500', 'hang']
    const started = Date.now()
    // The retry after the 500 is accepted, then never answered: the send fails on its time limit, and
    // the provider's record has the message, which find() reports.
    await expect(
      sms.send(db(), { to: '+33612345678', text: 'Retry', dedupeKey: `http:${kind}:retry-hang` }),
    ).resolves.toMatchObject({ id: expect.stringMatching(/^msg_/) })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(provider.count(`http:${kind}:retry-hang`)).toBe(1)
  })

  it('sends push notifications with their title, link and image', async () => {
    const local = createPush({})
    await local.send(db(), {
      to: 'client-1',
      title: 'Happy hour',
      text: '-20%',
      link: 'https://x.test/a',
      dedupeKey: `push:${kind}:1`,
    })
    expect(await rows(`push:${kind}:1`)).toMatchObject([{ channel: 'push', subject: 'Happy hour' }])
    const push = createPush({ url: provider.url, key: KEY })
    await push.send(db(), {
      to: 'client-2',
      title: 'Hi',
      text: 'Body',
      imageUrl: 'https://x.test/i.png',
      dedupeKey: `push:${kind}:2`,
    })
    expect(provider.accepted.find((a) => a.key === `push:${kind}:2`)?.body).toEqual({
      to: 'client-2',
      title: 'Hi',
      body: 'Body',
      imageUrl: 'https://x.test/i.png',
    })
  })
})
