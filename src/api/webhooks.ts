// Outgoing webhooks (issue 23) as seen from the browser, checked with the domain structs.
import {
  WebhookDeletedResponse,
  WebhookDeliveryListResponse,
  type WebhookEndpointCreate,
  WebhookEndpointListResponse,
  type WebhookEndpointPatch,
  WebhookEndpointResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '../domain/webhooks'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const webhooksApi = {
  list: async (franchiseId: string, signal?: AbortSignal) =>
    (await call(`/api/v2/franchises/${franchiseId}/webhooks`, opt(signal), WebhookEndpointListResponse)).data,
  create: (franchiseId: string, body: WebhookEndpointCreate, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/webhooks`,
      { method: 'POST', body, ...opt(signal) },
      WebhookSecretResponse,
    ),
  update: (id: string, body: WebhookEndpointPatch, signal?: AbortSignal) =>
    call(`/api/v2/webhooks/${id}`, { method: 'PATCH', body, ...opt(signal) }, WebhookEndpointResponse),
  remove: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/webhooks/${id}`, { method: 'DELETE', ...opt(signal) }, WebhookDeletedResponse),
  rotate: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/webhooks/${id}/secret`, { method: 'POST', ...opt(signal) }, WebhookSecretResponse),
  test: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/webhooks/${id}/test`, { method: 'POST', ...opt(signal) }, WebhookTestResponse),
  deliveries: (id: string, signal?: AbortSignal) =>
    call(
      `/api/v2/webhooks/${id}/deliveries`,
      { query: { page: 1, size: 20 }, ...opt(signal) },
      WebhookDeliveryListResponse,
    ),
}
