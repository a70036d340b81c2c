// SPEC §7 core provider calls for the point of sale, as seen from the browser (30 s core time-out),
// checked with the domain structs.
import {
  PosAccount,
  type PosAccountCreate,
  type PosAccountUpdate,
  PosOrder,
  PosOrderList,
  PosProductList,
  WebhookStatus,
} from '../domain/pos'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const posApi = {
  /** 404 NOT_FOUND when the store has no account yet (§8: the dialog then offers to connect). */
  search: (storeId: string, signal?: AbortSignal) =>
    call('/pos-merchant-accounts/search', { query: { storeId }, ...opt(signal) }, PosAccount),
  create: (body: PosAccountCreate, signal?: AbortSignal) =>
    call('/pos-merchant-accounts', { method: 'POST', body, ...opt(signal) }, PosAccount),
  update: (id: string, body: PosAccountUpdate, signal?: AbortSignal) =>
    call(`/pos-merchant-accounts/${id}`, { method: 'PUT', body, ...opt(signal) }, PosAccount),
  regenerateSecret: (id: string, signal?: AbortSignal) =>
    call(`/pos-merchant-accounts/${id}/secret`, { method: 'POST', ...opt(signal) }, PosAccount),
  products: async (storeId: string, signal?: AbortSignal) =>
    (await call(`/stores/${storeId}/products`, opt(signal), PosProductList)).data,
  orders: async (storeId: string, limit = 20, signal?: AbortSignal) =>
    (await call(`/api/v2/stores/${storeId}/pos-orders`, { query: { limit }, ...opt(signal) }, PosOrderList))
      .data,
  orderByReceipt: (storeId: string, receiptId: string, signal?: AbortSignal) =>
    call(`/orders/pos/${encodeURIComponent(receiptId)}`, { query: { storeId }, ...opt(signal) }, PosOrder),
  order: (id: string, signal?: AbortSignal) => call(`/api/v2/orders/lb/${id}`, opt(signal), PosOrder),
  webhookStatus: (storeId: string, signal?: AbortSignal) =>
    call(`/api/v2/stores/${storeId}/webhook-status`, opt(signal), WebhookStatus),
}
