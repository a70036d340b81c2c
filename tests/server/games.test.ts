// The gift wheel (issue 22): the merchant's calls of §7 (owner, GAME feature, §5 rules naming the
// field, foreign ids) and the public play calls (phone confirmed by an SMS code read from the outbox,
// one spin per client and game under replays and 20 concurrent spins, onlyNewClients, ended and
// disabled games, points through the ledger and coupons issued).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SpinResult } from '../../src/domain/game-wheel'
import type { GameInfo, GameReward } from '../../src/domain/games'
import { addDays } from '../../src/domain/news'
import {
  clients,
  coupons,
  franchiseFeatures,
  franchises,
  gameParticipants,
  outbox,
  pointsTransactions,
  stores,
} from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds())('games on %s', (kind) => {
  let t: TestApp
  let owner: string
  let bagels: string
  let fid: string
  let storeIds: string[]
  let bagelsStore: string
  let today: string
  let ip = 0
  let phoneN = 0
  const db = () => t.database.db

  const call = (token: string | null, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    })
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Roue de Noël',
    action: 'STORE_OPENING',
    storeInfos: [{ storeId: storeIds[0] }],
    rewards: [
      { name: 'Café', type: 'POINTS', points: 25, weight: 30 },
      {
        name: 'Dessert',
        type: 'COUPON',
        coupon: { name: 'Dessert offert', type: 'product', validity: { value: 1, unit: 'months' } },
        weight: 20,
      },
    ],
    startDate: today,
    endDate: null,
    settings: { canLoose: true, onlyNewClients: false },
    ...over,
  })
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call(owner, 'POST', '/api/v2/games', body(over))
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as GameInfo
  }
  const newPhone = () => `+3361299${String(++phoneN).padStart(4, '0')}`
  /** Sends a code, reads it from the outbox and confirms it: the proof a spin needs. */
  const prove = async (gameId: string, phone: string) => {
    const sent = await call(null, 'POST', `/api/v2/public/games/${gameId}/phone-code`, { phone })
    expect(sent.statusCode, sent.body).toBe(200)
    const rows = await db().select().from(outbox).where(eq(outbox.recipient, phone))
    const code = /(\d{6})/.exec(rows.at(-1)!.body)![1]!
    const ok = await call(null, 'POST', `/api/v2/public/games/${gameId}/phone-code/confirm`, { phone, code })
    expect(ok.statusCode, ok.body).toBe(200)
    return ok.json().proof as string
  }
  const spinOf = (gameId: string, phone: string, proof: string) =>
    call(null, 'POST', `/api/v2/public/games/${gameId}/spin`, { phone, proof })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, bagels] = (await Promise.all(
      ['owner@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string]
    const [f] = await db().select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db().select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    fid = f!.id
    storeIds = (await db().select().from(stores).where(eq(stores.franchiseId, fid))).map((s) => s.id)
    bagelsStore = (await db().select().from(stores).where(eq(stores.franchiseId, b!.id)))[0]!.id
    today = new Intl.DateTimeFormat('en-CA', { timeZone: f!.timezone }).format(new Date())
  })
  afterAll(() => t?.close())

  it('creates a wheel, reads its info, rewards and the owned list', async () => {
    const g = await create()
    expect(g).toMatchObject({ name: 'Roue de Noël', type: 'WHEEL', status: 'ACTIVE', participants: 0 })
    expect(g.storeInfos).toEqual([expect.objectContaining({ storeId: storeIds[0], googleLink: null })])
    const info = await call(owner, 'GET', `/api/v2/games/${g.id}/info/owner`)
    expect(info.json()).toEqual(g)
    const rewards = (await call(owner, 'GET', `/api/v2/games/${g.id}/rewards`)).json() as GameReward[]
    expect(rewards.map((r) => [r.name, r.type, r.weight, r.won, r.expected])).toEqual([
      ['Café', 'POINTS', 30, 0, 0],
      ['Dessert', 'COUPON', 20, 0, 0],
    ])
    const list = await call(owner, 'GET', '/api/v2/games/owned?page=1&size=50')
    expect(list.statusCode).toBe(200)
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(g.id)
    expect(list.json().metadata).toMatchObject({ page: 1, size: 50 })
  })

  it('refuses bad input naming the field (§5 messages) and foreign stores', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: ' ' }, 'name', 'games.errors.nameRequired'],
      [{ storeInfos: [] }, 'storeInfos', 'games.errors.storeRequired'],
      [{ startDate: '' }, 'startDate', 'games.errors.startDateRequired'],
      [{ endDate: addDays(today, -1) }, 'endDate', 'games.errors.endBeforeStart'],
      [{ action: 'GOOGLE' }, 'storeInfos.0.googleLink', 'games.errors.linkInvalid'],
      [{ action: 'INSTAGRAM', actionUrl: 'javascript:alert(1)' }, 'actionUrl'],
      [
        {
          rewards: [
            { name: 'A', type: 'POINTS', points: 1, weight: 70 },
            { name: 'B', type: 'POINTS', points: 1, weight: 40 },
          ],
        },
        'rewards',
        'games.errors.weightsOver100',
      ],
      [{ settings: { canLoose: false, onlyNewClients: false } }, 'rewards', 'games.errors.weightsNot100'],
      [{ rewards: [{ name: 'A', type: 'POINTS', weight: 10 }] }, 'rewards.0.points'],
      [{ rewards: [{ name: 'A', type: 'POINTS', points: 1, weight: 10.123 }] }, 'rewards.0.weight'],
      [{ rewards: [{ name: 'A', type: 'POINTS', points: 1, weight: 101 }] }, 'rewards.0.weight'],
      [{ action: 'TIKTOK' }, 'action'],
    ]
    for (const [over, field, key] of cases) {
      const res = await call(owner, 'POST', '/api/v2/games', body(over))
      expect(res.statusCode, JSON.stringify(over)).toBe(400)
      expect(res.json().details.field, JSON.stringify(over)).toBe(field)
      if (key) expect(res.json().details.key).toBe(key)
    }
    const foreign = await call(
      owner,
      'POST',
      '/api/v2/games',
      body({ storeInfos: [{ storeId: bagelsStore }] }),
    )
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'STORE_NOT_FOUND'])
  })

  it('is owner-only, 403 without the GAME feature, 404 for foreign or unknown ids', async () => {
    const g = await create()
    expect((await call(bagels, 'GET', '/api/v2/games/owned')).json().code).toBe('GAME_FEATURE_DISABLED')
    const foreign = await call(bagels, 'GET', `/api/v2/games/${g.id}/info/owner`)
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'GAME_NOT_FOUND'])
    expect((await call(bagels, 'PATCH', `/api/v2/games/${g.id}/disable`)).statusCode).toBe(404)
    expect((await call(owner, 'GET', `/api/v2/games/${UNKNOWN}/rewards`)).statusCode).toBe(404)
    expect((await call(null, 'GET', '/api/v2/games/owned')).statusCode).toBe(401)
    await db()
      .update(franchiseFeatures)
      .set({ isEnabled: false })
      .where(and(eq(franchiseFeatures.franchiseId, fid), eq(franchiseFeatures.feature, 'GAME')))
    try {
      for (const [m, url] of [
        ['GET', '/api/v2/games/owned'],
        ['GET', `/api/v2/games/${g.id}/info/owner`],
        ['GET', `/api/v2/games/${g.id}/rewards`],
        ['GET', `/api/v2/games/${g.id}/participants`],
        ['PATCH', `/api/v2/games/${g.id}/disable`],
        ['GET', `/api/v2/public/games/${g.id}`],
      ] as const) {
        const res = await call(url.includes('public') ? null : owner, m, url)
        expect([res.statusCode, res.json().code], url).toEqual([403, 'GAME_FEATURE_DISABLED'])
      }
      expect((await call(owner, 'POST', '/api/v2/games', body())).statusCode).toBe(403)
      expect((await call(owner, 'PUT', `/api/v2/games/${g.id}`, body())).statusCode).toBe(403)
    } finally {
      await db()
        .update(franchiseFeatures)
        .set({ isEnabled: true })
        .where(and(eq(franchiseFeatures.franchiseId, fid), eq(franchiseFeatures.feature, 'GAME')))
    }
  })

  it('updates: a reward left out is disabled and shown with includeDisabled; disable and enable', async () => {
    const g = await create()
    const [cafe] = (await call(owner, 'GET', `/api/v2/games/${g.id}/rewards`)).json() as GameReward[]
    const res = await call(
      owner,
      'PUT',
      `/api/v2/games/${g.id}`,
      body({
        name: 'Roue 2',
        rewards: [{ id: cafe!.id, name: 'Grand café', type: 'POINTS', points: 30, weight: 60 }],
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().name).toBe('Roue 2')
    const active = (await call(owner, 'GET', `/api/v2/games/${g.id}/rewards`)).json() as GameReward[]
    expect(active.map((r) => [r.id, r.name, r.weight])).toEqual([[cafe!.id, 'Grand café', 60]])
    const all = (await call(owner, 'GET', `/api/v2/games/${g.id}/rewards?includeDisabled=true`)).json()
    expect(all.map((r: GameReward) => [r.name, r.isDisabled])).toEqual([
      ['Grand café', false],
      ['Dessert', true],
    ])
    expect((await call(owner, 'PATCH', `/api/v2/games/${g.id}/disable`)).json().status).toBe('DISABLED')
    expect((await call(owner, 'PATCH', `/api/v2/games/${g.id}/enable`)).json().status).toBe('ACTIVE')
  })

  it('plays once: the public info, the SMS code, a spin with points or a coupon, the same result again', async () => {
    // Every spin wins something: 60 % points, 40 % coupon.
    const g = await create({
      settings: { canLoose: false, onlyNewClients: false },
      rewards: [
        { name: 'Café', type: 'POINTS', points: 25, weight: 60 },
        {
          name: 'Dessert',
          type: 'COUPON_POINTS',
          points: 5,
          coupon: { name: 'Dessert offert', type: 'flat', value: 500, validity: { value: 2, unit: 'weeks' } },
          weight: 40,
        },
      ],
    })
    const info = await call(null, 'GET', `/api/v2/public/games/${g.id}`)
    expect(info.statusCode).toBe(200)
    expect(info.json()).toMatchObject({ name: 'Roue de Noël', status: 'ACTIVE', hasStarted: true })
    expect(info.json().rewards.map((r: { weight: number }) => r.weight)).toEqual([60, 40])
    expect(info.body).not.toContain('owner@demo.test')

    const phone = newPhone()
    const unproven = await spinOf(g.id, phone, 'forged')
    expect([unproven.statusCode, unproven.json().code]).toEqual([403, 'PHONE_NOT_CONFIRMED'])
    const proof = await prove(g.id, phone)
    const first = await spinOf(g.id, phone, proof)
    expect(first.statusCode, first.body).toBe(200)
    const r = first.json() as SpinResult
    expect(r.replayed).toBe(false)
    expect(['Café', 'Dessert']).toContain(r.rewardName)
    const [client] = await db()
      .select()
      .from(clients)
      .where(and(eq(clients.franchiseId, fid), eq(clients.phone, phone)))
    const moves = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, client!.id))
    expect(moves.map((m) => [m.type, m.points, m.reference])).toEqual([
      ['game', r.rewardName === 'Café' ? 25 : 5, r.participantId],
    ])
    const issued = await db().select().from(coupons).where(eq(coupons.clientId, client!.id))
    expect(issued.map((c) => [c.header, c.value])).toEqual(
      r.rewardName === 'Dessert' ? [['Dessert offert', 500]] : [],
    )

    const again = await spinOf(g.id, phone, proof)
    expect(again.json()).toEqual({ ...r, replayed: true })
    expect(
      await db().select().from(pointsTransactions).where(eq(pointsTransactions.clientId, client!.id)),
    ).toHaveLength(1)
    const rewards = (await call(owner, 'GET', `/api/v2/games/${g.id}/rewards`)).json() as GameReward[]
    expect(rewards.reduce((s, x) => s + x.won, 0)).toBe(1)
    const participants = await call(owner, 'GET', `/api/v2/games/${g.id}/participants`)
    expect(participants.json().data).toEqual([
      expect.objectContaining({ clientId: client!.id, phone, rewardName: r.rewardName }),
    ])
  })

  it('sends a winner the coupon’s code by SMS once, in the page’s language, else the franchise’s', async () => {
    const g = await create({
      name: 'Wheel of treats',
      settings: { canLoose: false, onlyNewClients: false },
      rewards: [
        {
          name: 'Free croissant',
          type: 'COUPON',
          coupon: {
            name: 'Croissant offert',
            type: 'flat',
            value: 250,
            validity: { value: 2, unit: 'weeks' },
          },
          weight: 100,
        },
      ],
    })
    const smsTo = (phone: string) => db().select().from(outbox).where(eq(outbox.recipient, phone))
    const playIn = async (language: 'en' | 'fr' | undefined) => {
      const phone = newPhone()
      const lang = language ? { language } : {}
      const sent = await call(null, 'POST', `/api/v2/public/games/${g.id}/phone-code`, { phone, ...lang })
      expect(sent.statusCode, sent.body).toBe(200)
      const codeSms = (await smsTo(phone))[0]!.body
      const code = /(\d{6})/.exec(codeSms)![1]!
      const ok = await call(null, 'POST', `/api/v2/public/games/${g.id}/phone-code/confirm`, { phone, code })
      const body = { phone, proof: ok.json().proof, ...lang }
      const first = await call(null, 'POST', `/api/v2/public/games/${g.id}/spin`, body)
      expect(first.statusCode, first.body).toBe(200)
      // A retried spin (the page reloaded, the network failed after the answer) sends nothing more.
      const again = await call(null, 'POST', `/api/v2/public/games/${g.id}/spin`, body)
      expect(again.json()).toEqual({ ...first.json(), replayed: true })
      const result = first.json() as SpinResult
      const messages = (await smsTo(phone)).map((m) => m.body)
      expect(messages).toHaveLength(2)
      return { codeSms, result, won: messages.find((m) => m !== codeSms)!, phone }
    }

    const en = await playIn('en')
    expect(en.codeSms).toMatch(
      /^Maison Dupont: \d{6} is your confirmation code to play Wheel of treats\. It expires in 10 minutes\./,
    )
    const coupon = en.result.coupon!
    expect(coupon).toMatchObject({
      header: 'Croissant offert',
      type: 'flat',
      value: 250,
      currencyCode: 'EUR',
    })
    expect(coupon.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/)
    const [issued] = await db().select().from(coupons).where(eq(coupons.code, coupon.code))
    expect(issued!.expiresAt.toISOString()).toBe(coupon.expiresAt)
    const until = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'Europe/Paris' }).format(
        issued!.expiresAt,
      )
    const shown = `${coupon.code.slice(0, 4)}-${coupon.code.slice(4)}`
    expect(en.won).toBe(
      `Maison Dupont: you won Croissant offert (€2.50)! Your coupon code: ${shown}, valid until ${until('en-US')}. Show this code at the counter.`,
    )

    const fr = await playIn('fr')
    expect(fr.codeSms).toMatch(
      /^Maison Dupont : \d{6} est votre code de confirmation pour jouer à Wheel of treats\./,
    )
    const frCode = fr.result.coupon!.code
    expect(fr.won).toBe(
      `Maison Dupont : vous avez gagné Croissant offert (2,50 €) ! Code de votre bon : ${frCode.slice(0, 4)}-${frCode.slice(4)}, valable jusqu'au ${until('fr-FR')}. Présentez ce code en caisse.`,
    )
    // No page language: the franchise's (Maison Dupont is in France).
    const none = await playIn(undefined)
    expect(none.codeSms).toContain('est votre code de confirmation')
    expect(none.won).toContain('Présentez ce code en caisse.')
  })

  it('20 concurrent spins of one phone make one participant and one result', async () => {
    const g = await create()
    const phone = newPhone()
    const proof = await prove(g.id, phone)
    const all = await Promise.all(Array.from({ length: 20 }, () => spinOf(g.id, phone, proof)))
    expect(all.map((x) => x.statusCode)).toEqual(Array(20).fill(200))
    const results = all.map((x) => x.json() as SpinResult)
    expect(new Set(results.map((x) => x.participantId)).size).toBe(1)
    expect(new Set(results.map((x) => x.rewardId)).size).toBe(1)
    expect(results.filter((x) => !x.replayed)).toHaveLength(1)
    const rows = await db().select().from(gameParticipants).where(eq(gameParticipants.gameId, g.id))
    expect(rows).toHaveLength(1)
    const moves = await db()
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, rows[0]!.clientId))
    expect(moves.length).toBe(results[0]!.rewardType === 'POINTS' ? 1 : 0)
  })

  it('onlyNewClients refuses a known client; an ended or disabled game says so', async () => {
    const g = await create({ settings: { canLoose: true, onlyNewClients: true } })
    const [known] = await db().select().from(clients).where(eq(clients.franchiseId, fid)).limit(1)
    const phone = known?.phone ?? newPhone()
    if (!known) await db().insert(clients).values({ franchiseId: fid, phone })
    const refused = await spinOf(g.id, phone, await prove(g.id, phone))
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'GAME_ONLY_NEW_CLIENTS'])
    const fresh = newPhone()
    expect((await spinOf(g.id, fresh, await prove(g.id, fresh))).statusCode).toBe(200)

    const ended = await create({ startDate: addDays(today, -10), endDate: addDays(today, -1) })
    expect((await call(null, 'GET', `/api/v2/public/games/${ended.id}`)).json().status).toBe('ENDED')
    const p1 = newPhone()
    const e = await spinOf(ended.id, p1, await prove(ended.id, p1))
    expect([e.statusCode, e.json().code]).toEqual([409, 'GAME_ENDED'])

    const off = await create()
    await call(owner, 'PATCH', `/api/v2/games/${off.id}/disable`)
    const p2 = newPhone()
    const d = await spinOf(off.id, p2, await prove(off.id, p2))
    expect([d.statusCode, d.json().code]).toEqual([409, 'GAME_DISABLED'])

    const later = await create({ startDate: addDays(today, 3) })
    const p3 = newPhone()
    const l = await spinOf(later.id, p3, await prove(later.id, p3))
    expect([l.statusCode, l.json().code]).toEqual([409, 'GAME_NOT_STARTED'])
  })

  it('public calls refuse bad input naming the field and unknown games', async () => {
    const g = await create()
    const bad = await call(null, 'POST', `/api/v2/public/games/${g.id}/phone-code`, { phone: 'abcd' })
    expect([bad.statusCode, bad.json().details.field]).toEqual([400, 'phone'])
    const code = await call(null, 'POST', `/api/v2/public/games/${g.id}/phone-code/confirm`, {
      phone: newPhone(),
      code: '12',
    })
    expect([code.statusCode, code.json().details.field]).toEqual([400, 'code'])
    expect((await call(null, 'GET', `/api/v2/public/games/${UNKNOWN}`)).statusCode).toBe(404)
    expect((await call(null, 'GET', '/api/v2/public/games/not-an-id')).statusCode).toBe(400)
    const store = await call(null, 'POST', `/api/v2/public/games/${g.id}/spin`, {
      phone: newPhone(),
      proof: 'x',
      storeId: 'nope',
    })
    expect([store.statusCode, store.json().details.field]).toEqual([400, 'storeId'])
  })
})
