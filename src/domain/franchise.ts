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
