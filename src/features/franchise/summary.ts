// What the shell keeps of a franchise the page saved (the session's summary).
import type { FranchiseSummary } from '../../domain/franchise'
import type { FranchiseDetail } from '../../domain/franchise-settings'

/** What the shell keeps of a franchise (the session's summary). */
export const summaryOf = (f: FranchiseDetail): FranchiseSummary => ({
  id: f.id,
  name: f.name,
  logo: f.logo,
  codeAlpha3: f.codeAlpha3,
  currencyCode: f.currencyCode,
  timezone: f.timezone,
  loyaltyType: f.loyaltyType,
  features: f.features,
  theme: f.theme,
})
