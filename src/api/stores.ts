// SPEC §7 "Stores" as seen from the browser (30 s core time-out), checked with the domain structs.
import { array } from 'superstruct'
import type { NewStoreInput } from '../domain/first-store'
import { StoreSummary } from '../domain/franchise'
import { NearCity, Store, type StoreInput, type StoreSettingsInput } from '../domain/stores'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const storesApi = {
  owned: (signal?: AbortSignal) => call('/api/v2/stores/owned', opt(signal), array(StoreSummary)),
  get: (id: string, signal?: AbortSignal) => call(`/api/Stores/${id}`, opt(signal), Store),
  create: (body: NewStoreInput, signal?: AbortSignal) =>
    call('/api/v2/stores', { method: 'POST', body, ...opt(signal) }, Store),
  update: (id: string, body: StoreInput, signal?: AbortSignal) =>
    call(`/api/v2/stores/${id}`, { method: 'PUT', body, ...opt(signal) }, Store),
  remove: async (id: string, signal?: AbortSignal) => {
    await call(`/api/stores/${id}`, { method: 'DELETE', ...opt(signal) })
  },
  settings: (id: string, body: StoreSettingsInput, signal?: AbortSignal) =>
    call(`/api/v2/stores/${id}/settings`, { method: 'PATCH', body, ...opt(signal) }, Store),
  nearCities: (lat: number, lng: number, distance: number, signal?: AbortSignal) =>
    call(
      '/services/v2/geocode/near-cities',
      { query: { lat, lng, distance }, ...opt(signal) },
      array(NearCity),
    ),
}
