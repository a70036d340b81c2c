// Point of sale (SPEC §3 POS merchant account, §7 core provider calls, §8 POS, §9 delays in seconds):
// the shapes of the calls and of the webhook a till posts, and the account form's rules, shared by the
// server (400 naming the field) and the POS integration dialog (errors as you type).
import {
  array,
  boolean,
  coerce,
  enums,
  type Infer,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type,
  union,
} from 'superstruct'
import { CURRENCIES } from './constants'
import { Id } from './ids'
import { StorableDate } from './input'

/** LOCAL: the till posts to our webhook; API: a provider's API is read as well (POS_API_URL). */
export const POS_ACCOUNT_TYPES = ['LOCAL', 'API'] as const
export type PosAccountType = (typeof POS_ACCOUNT_TYPES)[number]

/** §9 delays in seconds, bounded so that a typo cannot keep receipts linkable for years. */
export const POS_LIMITS = {
  resetDelay: { min: 0, max: 24 * 3600 },
  linkReceiptDelay: { min: 60, max: 30 * 24 * 3600 },
  /** 0 keeps received orders forever. */
  receiptDeletionDelay: { min: 0, max: 365 * 24 * 3600 },
  providerStoreId: 100,
  posType: 60,
} as const

export const POS_DEFAULTS = { resetDelay: 180, linkReceiptDelay: 86_400, receiptDeletionDelay: 0 } as const

/** A webhook older than this makes the integration STALE (a till posts at least its daily orders). */
export const POS_WEBHOOK_STALE_SECONDS = 24 * 3600

const seconds = (lo: number, hi: number) => max(min(integer(), lo), hi)
const text = (n: number) =>
  refine(size(string(), 1, n), 'text', (v) => v.trim() !== '' || 'must not be blank')

/** PUT /pos-merchant-accounts/{id}. */
export const PosAccountFields = {
  type: enums(POS_ACCOUNT_TYPES),
  providerStoreId: text(POS_LIMITS.providerStoreId),
  posType: optional(nullable(size(string(), 0, POS_LIMITS.posType))),
  canSync: boolean(),
  canManageCurrentSale: boolean(),
  canRedeemLoyaltyOffer: boolean(),
  hasClickAndCollect: boolean(),
  resetDelay: seconds(POS_LIMITS.resetDelay.min, POS_LIMITS.resetDelay.max),
  linkReceiptDelay: seconds(POS_LIMITS.linkReceiptDelay.min, POS_LIMITS.linkReceiptDelay.max),
  receiptDeletionDelay: optional(
    seconds(POS_LIMITS.receiptDeletionDelay.min, POS_LIMITS.receiptDeletionDelay.max),
  ),
}
export const PosAccountUpdate = object(PosAccountFields)
export type PosAccountUpdate = Infer<typeof PosAccountUpdate>
/** POST /pos-merchant-accounts: the same, for a store. */
export const PosAccountCreate = object({ storeId: Id, ...PosAccountFields })
export type PosAccountCreate = Infer<typeof PosAccountCreate>

export const PosAccount = type({
  id: string(),
  franchiseId: string(),
  storeId: string(),
  type: string(),
  providerStoreId: string(),
  posType: nullable(string()),
  canSync: boolean(),
  canManageCurrentSale: boolean(),
  canRedeemLoyaltyOffer: boolean(),
  hasClickAndCollect: boolean(),
  resetDelay: number(),
  linkReceiptDelay: number(),
  receiptDeletionDelay: number(),
  /** Shown to the owner, who pastes it into the till's settings. */
  webhookSecret: string(),
  webhookUrl: string(),
  lastWebhookAt: nullable(string()),
})
export type PosAccount = Infer<typeof PosAccount>

export const PosProduct = type({ id: string(), name: string(), priceCents: number(), currencyCode: string() })
export type PosProduct = Infer<typeof PosProduct>
export const PosProductList = type({ data: array(PosProduct) })

export const PosOrderLine = object({
  productId: text(100),
  name: text(200),
  quantity: max(min(integer(), 1), 10_000),
  unitPriceCents: max(min(integer(), 0), 100_000_000),
})
export type PosOrderLine = Infer<typeof PosOrderLine>

export const PosOrder = type({
  id: string(),
  storeId: string(),
  /** The receipt id printed by the till (what a customer types on the scan page). */
  receiptId: string(),
  lines: array(type({ productId: string(), name: string(), quantity: number(), unitPriceCents: number() })),
  totalCents: number(),
  currencyCode: string(),
  orderedAt: string(),
  receivedAt: string(),
  linkedAt: nullable(string()),
  linkedClientId: nullable(string()),
})
export type PosOrder = Infer<typeof PosOrder>
export const PosOrderList = type({ data: array(PosOrder) })

export const WEBHOOK_STATES = ['NOT_CONFIGURED', 'NEVER', 'OK', 'STALE'] as const
export type WebhookState = (typeof WEBHOOK_STATES)[number]
export const WebhookStatus = type({
  configured: boolean(),
  lastWebhookAt: nullable(string()),
  state: enums(WEBHOOK_STATES),
})
export type WebhookStatus = Infer<typeof WebhookStatus>

/** NOT_CONFIGURED without an account, NEVER before its first call, STALE after a quiet day. */
export function webhookState(configured: boolean, lastWebhookAt: Date | null, now: Date): WebhookState {
  if (!configured) return 'NOT_CONFIGURED'
  if (!lastWebhookAt) return 'NEVER'
  return now.getTime() - lastWebhookAt.getTime() > POS_WEBHOOK_STALE_SECONDS * 1000 ? 'STALE' : 'OK'
}

// ── The webhook a till posts (POST /api/pos/webhook/{accountId}, README "Point of sale") ──

export const OrderCreatedEvent = object({
  type: literal('order.created'),
  orderId: text(100),
  lines: size(array(PosOrderLine), 1, 500),
  totalCents: max(min(integer(), 0), 100_000_000),
  currencyCode: enums(CURRENCIES),
  orderedAt: StorableDate,
})
export type OrderCreatedEvent = Infer<typeof OrderCreatedEvent>

export const ProductsUpdatedEvent = object({
  type: literal('products.updated'),
  products: size(
    array(
      object({
        id: text(100),
        name: text(200),
        priceCents: max(min(integer(), 0), 100_000_000),
        currencyCode: enums(CURRENCIES),
      }),
    ),
    0,
    5000,
  ),
})
export type ProductsUpdatedEvent = Infer<typeof ProductsUpdatedEvent>

export const POS_EVENT_TYPES = ['order.created', 'products.updated'] as const
export const PosEventType = object({ type: enums(POS_EVENT_TYPES) })
export type PosEvent = OrderCreatedEvent | ProductsUpdatedEvent
export const PosEvent = union([OrderCreatedEvent, ProductsUpdatedEvent])

/**
 * What the webhook did with a till's event: an order is `created` or a `duplicate` (changing nothing,
 * with its `orderId`); a catalogue is `updated` (with the `count` of products).
 */
export const PosWebhookResponse = type({
  received: literal(true),
  type: enums(POS_EVENT_TYPES),
  outcome: enums(['created', 'duplicate', 'updated']),
  orderId: optional(string()),
  count: optional(integer()),
})

/** The sum of an order's lines: what a till's total is when it applies no discount. */
export const linesTotal = (lines: readonly { quantity: number; unitPriceCents: number }[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0)

// ── The account form (strings as typed; numbers are checked here and by the server) ──

export type PosFormValues = {
  type: PosAccountType
  providerStoreId: string
  posType: string
  canSync: boolean
  canManageCurrentSale: boolean
  canRedeemLoyaltyOffer: boolean
  hasClickAndCollect: boolean
  resetDelay: string
  linkReceiptDelay: string
  receiptDeletionDelay: string
}
export type PosTextField =
  | 'providerStoreId'
  | 'posType'
  | 'resetDelay'
  | 'linkReceiptDelay'
  | 'receiptDeletionDelay'
export type PosFlag = 'canSync' | 'canManageCurrentSale' | 'canRedeemLoyaltyOffer' | 'hasClickAndCollect'
export type PosFormErrors = Partial<Record<PosTextField, string>>

export function emptyPosForm(): PosFormValues {
  return {
    type: 'LOCAL',
    providerStoreId: '',
    posType: '',
    canSync: true,
    canManageCurrentSale: false,
    canRedeemLoyaltyOffer: false,
    hasClickAndCollect: false,
    resetDelay: String(POS_DEFAULTS.resetDelay),
    linkReceiptDelay: String(POS_DEFAULTS.linkReceiptDelay),
    receiptDeletionDelay: String(POS_DEFAULTS.receiptDeletionDelay),
  }
}

export function accountToForm(a: PosAccount): PosFormValues {
  return {
    type: (POS_ACCOUNT_TYPES as readonly string[]).includes(a.type) ? (a.type as PosAccountType) : 'LOCAL',
    providerStoreId: a.providerStoreId,
    posType: a.posType ?? '',
    canSync: a.canSync,
    canManageCurrentSale: a.canManageCurrentSale,
    canRedeemLoyaltyOffer: a.canRedeemLoyaltyOffer,
    hasClickAndCollect: a.hasClickAndCollect,
    resetDelay: String(a.resetDelay),
    linkReceiptDelay: String(a.linkReceiptDelay),
    receiptDeletionDelay: String(a.receiptDeletionDelay),
  }
}

const DELAYS = ['resetDelay', 'linkReceiptDelay', 'receiptDeletionDelay'] as const

/** Field → message id; empty when the form can be saved. */
export function validatePosForm(v: PosFormValues): PosFormErrors {
  const errors: PosFormErrors = {}
  if (v.providerStoreId.trim() === '') errors.providerStoreId = 'pos.form.errors.required'
  else if (v.providerStoreId.trim().length > POS_LIMITS.providerStoreId)
    errors.providerStoreId = 'pos.form.errors.tooLong'
  if (v.posType.trim().length > POS_LIMITS.posType) errors.posType = 'pos.form.errors.tooLong'
  for (const f of DELAYS) {
    const raw = v[f].trim()
    const n = Number(raw)
    if (raw === '' || !/^\d+$/.test(raw)) errors[f] = 'pos.form.errors.seconds'
    else if (n < POS_LIMITS[f].min || n > POS_LIMITS[f].max) errors[f] = 'pos.form.errors.range'
  }
  return errors
}

/** The body of POST/PUT from a valid form. */
export function toPosAccountInput(v: PosFormValues): PosAccountUpdate {
  return {
    type: v.type,
    providerStoreId: v.providerStoreId.trim(),
    posType: v.posType.trim() === '' ? null : v.posType.trim(),
    canSync: v.canSync,
    canManageCurrentSale: v.canManageCurrentSale,
    canRedeemLoyaltyOffer: v.canRedeemLoyaltyOffer,
    hasClickAndCollect: v.hasClickAndCollect,
    resetDelay: Number(v.resetDelay.trim()),
    linkReceiptDelay: Number(v.linkReceiptDelay.trim()),
    receiptDeletionDelay: Number(v.receiptDeletionDelay.trim()),
  }
}

/** Query of GET /orders/pos/{id} and the store's order list. */
export const StoreIdQuery = object({ storeId: Id })
export const ReceiptParams = object({ id: text(100) })
/** Params of POST /api/pos/webhook/{accountId} (a text that is no account id is the service's 404). */
export const PosWebhookParams = object({ accountId: ReceiptParams.schema.id })
export const OrderListQuery = object({
  limit: optional(coerce(max(min(integer(), 1), 100), string(), (v) => Number(v))),
})
