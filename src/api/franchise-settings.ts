// SPEC §7 "Franchises" (the franchise page) as seen from the browser. §7 gives these calls no time-out;
// the client's default still applies so that a dead connection ends with an error the page can retry.
import {
  type ClientQualification,
  FranchiseDetail,
  type FranchisePatch,
  type FranchiseTheme,
  SenderValidity,
} from '../domain/franchise-settings'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const path = (id: string) => `/api/v2/franchises/${encodeURIComponent(id)}`

export const franchiseSettingsApi = {
  get: (id: string, signal?: AbortSignal) => call(path(id), opt(signal), FranchiseDetail),
  update: (id: string, patch: FranchisePatch, signal?: AbortSignal) =>
    call(path(id), { method: 'PATCH', body: patch, ...opt(signal) }, FranchiseDetail),
  theme: (id: string, theme: FranchiseTheme, signal?: AbortSignal) =>
    call(`${path(id)}/theme`, { method: 'PATCH', body: theme, ...opt(signal) }, FranchiseDetail),
  qualification: (id: string, q: ClientQualification, signal?: AbortSignal) =>
    call(
      `/api/franchises/${encodeURIComponent(id)}/clientQualification`,
      { method: 'PUT', body: q, ...opt(signal) },
      FranchiseDetail,
    ),
  senderValidity: (value: string, signal?: AbortSignal) =>
    call('/api/v2/franchises/sender-validity', { query: { value }, ...opt(signal) }, SenderValidity),
  senderId: (id: string, senderId: string, signal?: AbortSignal) =>
    call(`${path(id)}/sender-id`, { method: 'PATCH', body: { senderId }, ...opt(signal) }, FranchiseDetail),
}
