// The customer scan page (issue 5), public: what a tag shows, and collecting its points. Collecting
// is one transaction: the client (found or created by phone), the tag's injection or the receipt
// consumed by one conditional update, and the ledger move; any refusal (the ledger's minimum time
// between visits, its maximum points) rolls everything back, so the points stay collectable.
// A visit (issue 16 #5) needs the code the store's scanner screen shows (services/presence.ts): points
// waiting on a tag and receipts are already bound to the counter, a visit is not. Where the franchise
// turned static tags on, a visit without a valid code counts against a cap per phone per day.
import { and, asc, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm'
import { phoneCountry } from '../../domain/countries'
import { isManualAmountCard, isPosCard, listedProductCount, pointsEarned } from '../../domain/earning'
import { normalisePhone } from '../../domain/phone'
import {
  type CollectInput,
  type CollectResult,
  isVisitCard,
  type ScanCard,
  type ScanInfo,
  type ScanOffer,
  scanSmsText,
  splitOffers,
} from '../../domain/scan'
import type { Sms } from '../adapters/sms'
import type { Db, Tx } from '../db/client'
import {
  clientBalances,
  clients,
  coupons,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  stores,
} from '../db/schema'
import { posMerchantAccounts, posOrders, tagInjections, tags } from '../db/tables-loyalty'
import { AppError, badRequest, conflict, notFound } from '../errors'
import { applyPoints } from './ledger'
import { liveNews } from './news'
import { isPresenceCodeValid } from './presence'
import { hit, type Limit } from './rate-limit'
import type { ScanDevice } from './scan-devices'

/** Per address: a shop's shared Wi-Fi serves many customers, a script hammering tags is stopped. */
export type ScanLimits = { view: Limit; collect: Limit; code: Limit }
export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  view: { max: 300, windowSeconds: 10 * 60 },
  collect: { max: 30, windowSeconds: 10 * 60 },
  /** Codes asked for and tried; each phone has its own limits too (phone-codes.ts). */
  code: { max: 20, windowSeconds: 10 * 60 },
}

export async function limitScan(
  db: Db,
  kind: keyof ScanLimits,
  address: string,
  limits = DEFAULT_SCAN_LIMITS,
) {
  const wait = await hit(db, `scan:${kind}:${address}`, limits[kind])
  if (wait)
    throw new AppError(429, 'TOO_MANY_SCANS', 'Too many requests. Try again later.', { retryAfter: wait })
}

export type Loaded = {
  tag: typeof tags.$inferSelect
  store: typeof stores.$inferSelect
  franchise: typeof franchises.$inferSelect
  card: typeof loyaltyModels.$inferSelect | null
}

/** The tag with its store, franchise and the card, when the card covers that store. */
export async function loadTag(db: Db | Tx, uid: string): Promise<Loaded> {
  const [row] = await db
    .select({ tag: tags, store: stores, franchise: franchises, card: loyaltyModels })
    .from(tags)
    .innerJoin(stores, eq(stores.id, tags.storeId))
    .innerJoin(franchises, eq(franchises.id, tags.franchiseId))
    .leftJoin(loyaltyModels, eq(loyaltyModels.franchiseId, tags.franchiseId))
    .where(eq(tags.tagUid, uid))
  if (!row) throw notFound('TAG_NOT_FOUND', 'Tag not found')
  // A card with a store list covers those stores only (an empty list: all of them).
  const covers = row.card && (row.card.storeIds.length === 0 || row.card.storeIds.includes(row.store.id))
  return { ...row, card: covers ? row.card : null }
}

/** Where a tag is, for the store's live news (services/news.ts). */
export const placeOf = (l: Loaded) => ({
  franchiseId: l.franchise.id,
  storeId: l.store.id,
  timezone: l.franchise.timezone,
  currencyCode: l.franchise.currencyCode,
})

/** The tag's database id (the Idempotency-Key owner of public collects), or 404. */
export async function tagIdOf(db: Db, uid: string): Promise<string> {
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.tagUid, uid))
  if (!tag) throw notFound('TAG_NOT_FOUND', 'Tag not found')
  return tag.id
}

async function activeOffers(db: Db | Tx, card: Loaded['card'], now: Date): Promise<ScanOffer[]> {
  if (!card) return []
  return db
    .select({
      id: loyaltyOffers.id,
      name: loyaltyOffers.name,
      description: loyaltyOffers.description,
      redeemPointAmount: loyaltyOffers.redeemPointAmount,
    })
    .from(loyaltyOffers)
    .where(
      and(
        eq(loyaltyOffers.loyaltyModelId, card.id),
        eq(loyaltyOffers.status, 'ACTIVE'),
        or(isNull(loyaltyOffers.expiresAt), gt(loyaltyOffers.expiresAt, now)),
      ),
    )
    .orderBy(asc(loyaltyOffers.redeemPointAmount))
}

/** GET /api/public/scan/:uid (and GET /tags/uid/:uid): what the scan page shows before collecting. */
export async function scanInfo(db: Db, uid: string, now = new Date()): Promise<ScanInfo> {
  const l = await loadTag(db, uid)
  const { tag, store, franchise, card } = l
  const [pending] =
    card && isManualAmountCard(card.loyaltyType)
      ? await db
          .select()
          .from(tagInjections)
          .where(
            and(
              eq(tagInjections.tagId, tag.id),
              isNull(tagInjections.collectedAt),
              isNull(tagInjections.resetAt),
              gt(tagInjections.expiresAt, now),
            ),
          )
          .orderBy(desc(tagInjections.injectedAt))
          .limit(1)
      : []
  return {
    tag: { uid: tag.tagUid, name: tag.name },
    store: {
      id: store.id,
      name: store.name,
      logo: store.logo,
      currencyCode: store.currencyCode,
      country: phoneCountry(franchise.codeAlpha3),
    },
    franchise: { name: franchise.name, logo: franchise.logo, theme: franchise.theme },
    card: card
      ? { name: card.name, image: card.image, loyaltyType: card.loyaltyType, earnRate: card.earnRate }
      : null,
    pending: pending
      ? {
          points: pending.points,
          amountCents: pending.amountCents,
          currencyCode: pending.currencyCode,
          expiresAt: pending.expiresAt.toISOString(),
        }
      : null,
    needsReceipt: card ? isPosCard(card.loyaltyType) : false,
    needsPresenceCode: card ? isVisitCard(card.loyaltyType) && !franchise.allowStaticTags : false,
    offers: await activeOffers(db, card, now),
    news: await liveNews(db, placeOf(l), false, now),
  }
}

/** The client with this phone in the franchise, created (acquired in store) on a first visit. */
async function findOrCreateClient(tx: Tx, franchiseId: string, phone: string) {
  // No conflict target: the partial unique index (franchise, phone) is the one that can fire. A
  // concurrent first visit with the same phone waits for the other insert, then finds its row.
  const [created] = await tx
    .insert(clients)
    .values({ franchiseId, phone, acquiredFrom: 'STORE' })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  const [found] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.franchiseId, franchiseId), eq(clients.phone, phone)))
  return found!
}

const presenceRefused = () =>
  new AppError(403, 'PRESENCE_CODE_INVALID', 'Scan the QR code shown in the store to collect a visit', {
    field: 'code',
  })

/**
 * A visit without the store's code, on a franchise with static tags: at most its cap of visits per
 * phone per day (its time zone). The client's balance row is locked first, as the ledger's move does,
 * so two such visits at once are counted one after the other.
 */
async function checkStaticCap(tx: Tx, franchise: Loaded['franchise'], clientId: string, now: Date) {
  await tx
    .select({ id: clientBalances.clientId })
    .from(clientBalances)
    .where(eq(clientBalances.clientId, clientId))
    .for('update')
  const tz = franchise.timezone
  const dayStart = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz}`
  const [row] = await tx
    .select({ visits: count() })
    .from(pointsTransactions)
    .where(
      and(
        eq(pointsTransactions.clientId, clientId),
        eq(pointsTransactions.franchiseId, franchise.id),
        eq(pointsTransactions.type, 'tag'),
        gte(pointsTransactions.createdAt, dayStart),
      ),
    )
  if (Number(row?.visits ?? 0) >= franchise.staticTagDailyVisitCap)
    throw conflict('STATIC_VISIT_CAP_REACHED', 'No more visits today without the code shown in the store')
}

type Earning = {
  points: number
  amountCents: number | null
  currencyCode: string | null
  reference: string | null
  /** Stores the ledger row's id on what was consumed. */
  settle: (transactionId: string) => Promise<unknown>
}

/** MANUAL_AMOUNT: the tag's open injection, taken by one conditional update (never twice). */
async function takeInjection(tx: Tx, l: Loaded, clientId: string, now: Date): Promise<Earning> {
  const [taken] = await tx
    .update(tagInjections)
    .set({ collectedAt: now, collectedClientId: clientId })
    .where(
      and(
        eq(tagInjections.tagId, l.tag.id),
        isNull(tagInjections.collectedAt),
        isNull(tagInjections.resetAt),
        gt(tagInjections.expiresAt, now),
      ),
    )
    .returning()
  if (!taken) throw conflict('NOTHING_TO_COLLECT', 'There are no points to collect on this tag')
  return {
    points: taken.points,
    amountCents: taken.amountCents,
    currencyCode: taken.currencyCode,
    reference: taken.id,
    settle: (transactionId) =>
      tx.update(tagInjections).set({ transactionId }).where(eq(tagInjections.id, taken.id)),
  }
}

/** POS_*: the store's order with this receipt id, recent enough, linked once. */
async function linkReceipt(
  tx: Tx,
  l: Loaded,
  card: NonNullable<Loaded['card']>,
  receiptId: string,
  clientId: string,
  now: Date,
): Promise<Earning> {
  const noReceipt = () => notFound('RECEIPT_NOT_FOUND', 'No receipt available')
  const [account] = await tx
    .select()
    .from(posMerchantAccounts)
    .where(eq(posMerchantAccounts.storeId, l.store.id))
  if (!account) throw noReceipt()
  const since = new Date(now.getTime() - account.linkReceiptDelay * 1000)
  const mine = and(eq(posOrders.storeId, l.store.id), eq(posOrders.providerOrderId, receiptId))
  const [order] = await tx
    .update(posOrders)
    .set({ linkedAt: now, linkedClientId: clientId })
    .where(and(mine, isNull(posOrders.linkedAt), gt(posOrders.orderedAt, since)))
    .returning()
  if (!order) {
    const [existing] = await tx.select().from(posOrders).where(mine)
    if (existing?.linkedAt && existing.orderedAt > since)
      throw conflict('RECEIPT_ALREADY_LINKED', 'The sale could not be linked')
    throw noReceipt()
  }
  return {
    points: pointsEarned(card, {
      amountCents: order.totalCents,
      productCount: listedProductCount(order.lines, card.posProductIds),
    }),
    amountCents: order.totalCents,
    currencyCode: order.currencyCode,
    reference: order.id,
    settle: (transactionId) => tx.update(posOrders).set({ transactionId }).where(eq(posOrders.id, order.id)),
  }
}

/** POST /api/public/scan/:uid/collect, inside the caller's transaction (see the route's Idempotency-Key). */
export async function collect(
  tx: Tx,
  uid: string,
  input: CollectInput,
  now = new Date(),
  owner: ScanDevice | null = null,
): Promise<CollectResult> {
  const l = await loadTag(tx, uid)
  const phone = normalisePhone(input.phone, phoneCountry(l.franchise.codeAlpha3))
  if (!phone) throw badRequest('INVALID_PHONE', 'This phone number is not valid', { field: 'phone' })
  const card = l.card
  if (!card) throw conflict('NO_LOYALTY_CARD', 'This store has no loyalty card')
  if (isPosCard(card.loyaltyType) && !input.receiptId)
    throw badRequest('RECEIPT_REQUIRED', 'The receipt id is required', { field: 'receiptId' })
  const isStaticVisit = isVisitCard(card.loyaltyType) && !isPresenceCodeValid(l.tag, input.code, now)
  if (isStaticVisit && !l.franchise.allowStaticTags) throw presenceRefused()

  const client = await findOrCreateClient(tx, l.franchise.id, phone)
  if (isStaticVisit) await checkStaticCap(tx, l.franchise, client.id, now)
  const earning = isManualAmountCard(card.loyaltyType)
    ? await takeInjection(tx, l, client.id, now)
    : isPosCard(card.loyaltyType)
      ? await linkReceipt(tx, l, card, input.receiptId!, client.id, now)
      : {
          points: pointsEarned(card),
          amountCents: null,
          currencyCode: null,
          reference: l.tag.id,
          settle: async () => {},
        }
  const moved = await applyPoints(tx, {
    franchiseId: l.franchise.id,
    clientId: client.id,
    storeId: l.store.id,
    type: 'tag',
    points: earning.points,
    amountCents: earning.amountCents,
    currencyCode: earning.currencyCode,
    reference: earning.reference,
    isVisit: true,
    authorId: null,
    impostorOf: null,
    now,
  })
  await earning.settle(moved.transaction.id)
  await tx
    .update(tags)
    .set({ passages: sql`${tags.passages} + 1` })
    .where(eq(tags.id, l.tag.id))

  const base = { transactionId: moved.transaction.id, points: moved.transaction.points }
  // Issue 24 #4: the client's id, name, balance and coupons only to a device that proved this phone
  // (issue 34: its id too, else a typed number tells who is a client and who the same client is).
  if (owner?.franchiseId === l.franchise.id && owner.phone === phone)
    return { ...base, clientId: client.id, isOwner: true, ...(await cardOf(tx, l, moved.client, now)) }
  return {
    ...base,
    isOwner: false,
    balance: null,
    firstName: null,
    redeemable: [],
    upcoming: [],
    coupons: [],
    news: await liveNews(tx, placeOf(l), false, now),
  }
}

/** What the phone's owner sees of their card at this tag's store. */
export async function cardOf(
  db: Db | Tx,
  l: Loaded,
  client: { id: string; points: number; firstName: string },
  now = new Date(),
): Promise<ScanCard> {
  const balance = client.points
  const active = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.clientId, client.id), isNull(coupons.claimedAt), gt(coupons.expiresAt, now)))
    .orderBy(asc(coupons.expiresAt))
  return {
    balance,
    firstName: client.firstName || null,
    ...splitOffers(await activeOffers(db, l.card, now), balance),
    coupons: active.map((c) => ({
      id: c.id,
      code: c.code,
      header: c.header,
      type: c.type,
      value: c.value,
      currencyCode: c.currencyCode,
      expiresAt: c.expiresAt.toISOString(),
    })),
    news: await liveNews(db, placeOf(l), true, now),
  }
}

/**
 * The confirmation SMS, after the commit (the outbox's dedupe key makes a retry harmless). It goes to
 * the phone itself, so it carries the balance even when the page did not show it.
 */
export async function confirmBySms(db: Db, sms: Sms, uid: string, result: CollectResult) {
  const { franchise } = await loadTag(db, uid)
  // The collect's own ledger row names the client (the answer does not, to a device not proven).
  const [client] = await db
    .select({ phone: clients.phone, points: clientBalances.points })
    .from(pointsTransactions)
    .innerJoin(clients, eq(clients.id, pointsTransactions.clientId))
    .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
    .where(eq(pointsTransactions.id, result.transactionId))
  if (!client?.phone) return
  await sms.send(db, {
    to: client.phone,
    text: scanSmsText(franchise.codeAlpha3 === 'FRA' ? 'fr' : 'en', {
      franchiseName: franchise.name,
      points: result.points,
      balance: result.balance ?? client.points,
    }),
    from: franchise.senderId,
    franchiseId: franchise.id,
    dedupeKey: `scan:${result.transactionId}`,
  })
}
