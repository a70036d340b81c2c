import { array } from 'superstruct'
import { FranchiseSummary, StoreSummary } from '../domain/franchise'
import { call } from './client'

export const franchisesApi = {
  owned: (signal?: AbortSignal) =>
    call('/api/v2/franchises/owned', signal ? { signal } : {}, array(FranchiseSummary)),
  ownedStores: (signal?: AbortSignal) =>
    call('/api/v2/stores/owned', signal ? { signal } : {}, array(StoreSummary)),
}
