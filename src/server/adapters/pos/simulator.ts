// A till that posts to our webhook, so the POS flow can be tried and tested offline: a bakery
// catalogue, then orders whose lines, quantities, prices and totals agree, each signed with the
// account's secret exactly as a real till must (README "Point of sale"). The CLI is simulate.ts; the
// demo seed uses the same catalogue and order generator.
import type { CurrencyCode } from '../../../domain/constants'
import { linesTotal, type OrderCreatedEvent, type ProductsUpdatedEvent } from '../../../domain/pos'
import { SIGNATURE_HEADER, signBody } from '../webhook-signature'

export type CatalogueItem = { id: string; name: string; priceCents: number }

/** A French bakery's counter (prices in cents of the store's currency). */
export const BAKERY_CATALOGUE: readonly CatalogueItem[] = [
  { id: 'BAG-TRAD', name: 'Baguette tradition', priceCents: 130 },
  { id: 'BAG-SEIG', name: 'Baguette aux céréales', priceCents: 160 },
  { id: 'PAIN-LEV', name: 'Pain au levain (500 g)', priceCents: 450 },
  { id: 'CROISS', name: 'Croissant', priceCents: 120 },
  { id: 'PAIN-CHOC', name: 'Pain au chocolat', priceCents: 140 },
  { id: 'PAIN-RAIS', name: 'Pain aux raisins', priceCents: 160 },
  { id: 'CHAUSS', name: 'Chausson aux pommes', priceCents: 180 },
  { id: 'ECL-CHOC', name: 'Éclair au chocolat', priceCents: 350 },
  { id: 'TARTE-CIT', name: 'Tartelette au citron', priceCents: 420 },
  { id: 'FLAN', name: 'Flan pâtissier (part)', priceCents: 310 },
  { id: 'PARIS-BR', name: 'Paris-Brest', priceCents: 480 },
  { id: 'SAND-JB', name: 'Sandwich jambon-beurre', priceCents: 550 },
  { id: 'QUICHE', name: 'Quiche lorraine', priceCents: 490 },
  { id: 'CAFE', name: 'Café', priceCents: 150 },
]

/** A small seeded random generator (mulberry32), so tests and the demo get the same orders each time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function catalogueEvent(
  currencyCode: CurrencyCode,
  catalogue: readonly CatalogueItem[] = BAKERY_CATALOGUE,
): ProductsUpdatedEvent {
  return { type: 'products.updated', products: catalogue.map((p) => ({ ...p, currencyCode })) }
}

/** One counter sale: 1 to 4 different products, 1 to 3 of each (a bakery's usual basket). */
export function generateOrder(
  random: () => number,
  options: {
    receiptId: string
    currencyCode: CurrencyCode
    orderedAt: Date
    catalogue?: readonly CatalogueItem[]
  },
): OrderCreatedEvent {
  const catalogue = [...(options.catalogue ?? BAKERY_CATALOGUE)]
  const count = 1 + Math.floor(random() * Math.min(4, catalogue.length))
  const lines = Array.from({ length: count }, () => {
    const [item] = catalogue.splice(Math.floor(random() * catalogue.length), 1)
    return {
      productId: item!.id,
      name: item!.name,
      quantity: 1 + Math.floor(random() * 3),
      unitPriceCents: item!.priceCents,
    }
  })
  return {
    type: 'order.created',
    orderId: options.receiptId,
    lines,
    totalCents: linesTotal(lines),
    currencyCode: options.currencyCode,
    orderedAt: options.orderedAt.toISOString(),
  }
}

/** The body and headers of a signed webhook call. */
export function signedRequest(secret: string, event: unknown) {
  const body = JSON.stringify(event)
  return { body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) } }
}

export type WebhookReply = { received: boolean; outcome?: string; [k: string]: unknown }

/** Posts one signed event; a refusal (4xx/5xx) throws with the server's message. */
export async function postEvent(
  baseUrl: string,
  accountId: string,
  secret: string,
  event: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<WebhookReply> {
  const { body, headers } = signedRequest(secret, event)
  const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/api/pos/webhook/${accountId}`, {
    method: 'POST',
    headers,
    body,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`webhook refused (HTTP ${res.status}): ${text}`)
  return JSON.parse(text) as WebhookReply
}

export type SimulationOptions = {
  url: string
  accountId: string
  secret: string
  orders: number
  /** Seconds between two orders. */
  intervalSeconds: number
  currencyCode: CurrencyCode
  /** The first receipt number (R-<n>); later orders count up. */
  firstReceipt: number
  random?: () => number
  log?: (line: string) => void
  sleep?: (ms: number) => Promise<void>
  fetchImpl?: typeof fetch
}

/** The catalogue, then the orders; returns the receipt ids posted (each also printed). */
export async function simulate(o: SimulationOptions): Promise<string[]> {
  const log = o.log ?? console.log
  const random = o.random ?? Math.random
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const cat = await postEvent(o.url, o.accountId, o.secret, catalogueEvent(o.currencyCode), o.fetchImpl)
  log(`catalogue: ${String(cat.count ?? BAKERY_CATALOGUE.length)} products`)
  const receipts: string[] = []
  for (let i = 0; i < o.orders; i++) {
    if (i > 0) await sleep(o.intervalSeconds * 1000)
    const receiptId = `R-${o.firstReceipt + i}`
    const order = generateOrder(random, { receiptId, currencyCode: o.currencyCode, orderedAt: new Date() })
    const reply = await postEvent(o.url, o.accountId, o.secret, order, o.fetchImpl)
    const amount = (order.totalCents / 100).toFixed(2)
    log(`receipt ${receiptId}  ${amount} ${o.currencyCode}  ${order.lines.length} line(s)  ${reply.outcome}`)
    receipts.push(receiptId)
  }
  return receipts
}
