// Points expiry (issue 23) as seen from the browser: the franchise's setting, what a draft of it would
// do (issue 34), and a client's coming expiry.
import {
  ClientExpiryResponse,
  ExpiryPreview,
  type ExpirySettingsBody,
  ExpirySettingsResponse,
  type previewQueryOf,
} from '../domain/expiry'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const settings = (id: string) => `/api/v2/franchises/${encodeURIComponent(id)}/points-expiry`

export const expiryApi = {
  settings: (franchiseId: string, signal?: AbortSignal) =>
    call(settings(franchiseId), opt(signal), ExpirySettingsResponse),
  save: (franchiseId: string, body: ExpirySettingsBody, signal?: AbortSignal) =>
    call(settings(franchiseId), { method: 'PUT', body, ...opt(signal) }, ExpirySettingsResponse),
  preview: (franchiseId: string, query: ReturnType<typeof previewQueryOf>, signal?: AbortSignal) =>
    call(`${settings(franchiseId)}/preview`, { query, ...opt(signal) }, ExpiryPreview),
  client: (franchiseId: string, clientId: string, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${encodeURIComponent(franchiseId)}/clients/${encodeURIComponent(clientId)}/points-expiry`,
      opt(signal),
      ClientExpiryResponse,
    ),
}
