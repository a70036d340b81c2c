// Franchise and store shapes the browser reads (SPEC §3). The editors come with the stores/franchise issue.
import { array, boolean, type Infer, nullable, number, string, type } from 'superstruct'

export const FranchiseSummary = type({
  id: string(),
  name: string(),
  logo: nullable(string()),
  codeAlpha3: string(),
  currencyCode: string(),
  timezone: string(),
  loyaltyType: string(),
  features: array(string()),
  theme: type({ primaryColor: string(), secondaryColor: string(), tertiaryColor: string() }),
})
export type FranchiseSummary = Infer<typeof FranchiseSummary>

export const StoreSummary = type({
  id: string(),
  franchiseId: string(),
  name: string(),
  currencyCode: string(),
  logo: nullable(string()),
  settings: type({ hasScannerEnabled: boolean(), hasFullWebAppEnabled: boolean() }),
  nbClients: number(),
  dateCreated: string(),
})
export type StoreSummary = Infer<typeof StoreSummary>

/**
 * The top bar's "All stores" choice (issue 24): the store-scoped pages (dashboard, clients) then show
 * the whole franchise. Kept in the current-store slot (and its storage key) under this value.
 */
export const ALL_STORES = 'all'

/** Only a franchise owner with several stores has a franchise to see as a whole; a store owner keeps theirs. */
export function mayChooseAllStores(role: string | null | undefined, storeCount: number): boolean {
  return role === 'FRANCHISE_OWNER' && storeCount > 1
}

/**
 * §6/§9: the current store is the saved choice if still allowed (an owned store, or "All stores"
 * for whom may choose it), else the first owned store.
 */
export function pickStore(
  role: string | null | undefined,
  stores: readonly { id: string }[],
  saved: string | null,
): string | null {
  if (saved === ALL_STORES && mayChooseAllStores(role, stores.length)) return ALL_STORES
  if (saved && stores.some((s) => s.id === saved)) return saved
  return stores[0]?.id ?? null
}
