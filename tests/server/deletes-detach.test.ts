// Deleting a store, a news item or a client keeps the rows that only mention it (a coupon's store, a
// game play's store, a campaign's news, an opinion's, a till order's or a collected tag's client),
// without the link. Their keys name franchise_id and are NO ACTION, as Citus needs (docs/citus.md,
// migration 0053): the services clear the column in the delete's transaction. Without that, each
// delete below fails on the foreign key.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { deleteClient } from '../../src/server/services/clients'
import { deleteNews } from '../../src/server/services/news'
import { type Scope, tenantOf } from '../../src/server/services/scope'
import { deleteStore } from '../../src/server/services/stores'
import { insertClient } from '../support/balances'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

describe.each(databaseKinds())('a delete keeps what mentions the deleted row, on %s', (kind) => {
  let database: TestDatabase
  let f: string
  const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    ((await runAs(OWNER, () => database.raw(text, values))).rows as T[])[0]!
  const newStore = async (name: string) =>
    (
      await one<{ id: string }>(
        'insert into stores (franchise_id, name, currency_code) values ($1, $2, $3) returning id',
        [f, name, 'EUR'],
      )
    ).id
  const owner = (): Scope => ({ franchiseIds: [f], storeIds: null })
  const newClient = async (firstName: string) =>
    (await insertClient(database.db, { franchiseId: f, firstName, points: 0, totalCollectedPoints: 0 })).id

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    f = (
      await one<{ id: string }>(
        `insert into franchises (name, code_alpha3, timezone, currency_code) values ('Detach', 'FRA', 'Europe/Paris', 'EUR') returning id`,
      )
    ).id
  }, 120_000)
  afterAll(() => database?.drop())

  it('deletes a store with coupons issued and claimed there, and a game played there', async () => {
    const store = await newStore('Going')
    const client = await newClient('Coupon')
    const coupon = await one<{ id: string }>(
      `insert into coupons (franchise_id, client_id, store_id, claimed_store_id, type, header, expires_at)
       values ($1, $2, $3, $3, 'OFFER', 'Ten off', now() + interval '1 day') returning id`,
      [f, client, store],
    )
    const game = await one<{ id: string }>(
      `insert into games (franchise_id, name, action, start_date) values ($1, 'Wheel', 'SCAN', current_date) returning id`,
      [f],
    )
    const play = await one<{ id: string }>(
      'insert into game_participants (franchise_id, game_id, client_id, store_id, coupon_id) values ($1, $2, $3, $4, $5) returning id',
      [f, game.id, client, store, coupon.id],
    )
    await deleteStore(database.db, owner(), store)
    expect(await one('select store_id, claimed_store_id from coupons where id = $1', [coupon.id])).toEqual({
      store_id: null,
      claimed_store_id: null,
    })
    expect(await one('select store_id, coupon_id from game_participants where id = $1', [play.id])).toEqual({
      store_id: null,
      coupon_id: coupon.id,
    })
    expect(await one('select count(*)::int as n from stores where id = $1', [store])).toEqual({ n: 0 })
  })

  it('deletes a news item a campaign announced', async () => {
    const item = await one<{ id: string }>(
      `insert into news (franchise_id, name, type, start_date, end_date) values ($1, 'Spring', 'NEWS', current_date, current_date) returning id`,
      [f],
    )
    const campaign = await one<{ id: string }>(
      `insert into campaigns (franchise_id, name, type, content, channel, message, news_id)
       values ($1, 'Spring', 'NEWS', 'NEWS', 'SMS', 'Spring is here', $2) returning id`,
      [f, item.id],
    )
    await deleteNews(database.db, tenantOf({ id: randomUUID() }, 'FRANCHISE_OWNER', null, owner()), item.id)
    expect(await one('select news_id, message from campaigns where id = $1', [campaign.id])).toEqual({
      news_id: null,
      message: 'Spring is here',
    })
  })

  it('deletes a client who left an opinion, paid at the till and collected a tag', async () => {
    const store = await newStore('Staying')
    const client = await newClient('Leaving')
    const opinion = await one<{ id: string }>(
      'insert into store_opinions (franchise_id, store_id, client_id, rating) values ($1, $2, $3, 5) returning id',
      [f, store, client],
    )
    const account = await one<{ id: string }>(
      `insert into pos_merchant_accounts (franchise_id, store_id, type, webhook_secret, provider_store_id)
       values ($1, $2, 'SQUARE', 'secret', 'L1') returning id`,
      [f, store],
    )
    const order = await one<{ id: string }>(
      `insert into pos_orders (franchise_id, store_id, pos_account_id, linked_client_id, lines, currency_code,
         total_cents, provider_order_id, ordered_at)
       values ($1, $2, $3, $4, '[]', 'EUR', 1200, 'O1', now()) returning id`,
      [f, store, account.id, client],
    )
    const tag = await one<{ id: string }>(
      `insert into tags (franchise_id, store_id, name, tag_uid) values ($1, $2, 'Till', 'detach-tag-1') returning id`,
      [f, store],
    )
    const injection = await one<{ id: string }>(
      `insert into tag_injections (franchise_id, store_id, tag_id, collected_client_id, currency_code,
         expires_at, amount_cents, points)
       values ($1, $2, $3, $4, 'EUR', now() + interval '1 day', 1200, 12) returning id`,
      [f, store, tag.id, client],
    )
    await deleteClient(database.db, f, client)
    expect(await one('select client_id, rating from store_opinions where id = $1', [opinion.id])).toEqual({
      client_id: null,
      rating: 5,
    })
    expect(await one('select linked_client_id from pos_orders where id = $1', [order.id])).toEqual({
      linked_client_id: null,
    })
    expect(await one('select collected_client_id from tag_injections where id = $1', [injection.id])).toEqual(
      {
        collected_client_id: null,
      },
    )
  })
})
