// §4 "a user who creates their first store becomes a merchant": a merchant without a franchise names
// it and picks its country on the first-store screen; the country sets the franchise's currency and
// time zone (src/domain/franchise-settings.ts). Shared by the server (POST /api/v2/stores validation)
// and the store editor (the form's errors as you type).
import { assign, type Infer, object, optional, refine, size, string, trimmed } from 'superstruct'
import { CURRENCIES, type CurrencyCode } from './constants'
import { COUNTRIES } from './countries'
import { StoreInput } from './stores'

export const FRANCHISE_NAME_MAX = 100

/**
 * The countries a merchant may open in by itself: those the product serves whose currency it sells
 * the subscription in (the others are set up by an account manager).
 */
export const FIRST_STORE_COUNTRIES = Object.keys(COUNTRIES)
  .filter((code) => (CURRENCIES as readonly string[]).includes(COUNTRIES[code]!.currency))
  .sort()

export const isFirstStoreCountry = (code: unknown): code is string =>
  typeof code === 'string' && FIRST_STORE_COUNTRIES.includes(code)

/** The currency a new store of that country is priced in (EUR when the country is unknown). */
export function countryCurrency(code: string): CurrencyCode {
  const currency = COUNTRIES[code]?.currency
  return (CURRENCIES as readonly string[]).includes(currency ?? '') ? (currency as CurrencyCode) : 'EUR'
}

export const NewFranchiseInput = object({
  name: refine(size(trimmed(string()), 1, FRANCHISE_NAME_MAX), 'name', (v) => v !== '' || 'is required'),
  codeAlpha3: refine(string(), 'codeAlpha3', (v) => isFirstStoreCountry(v) || 'is not a served country'),
})
export type NewFranchiseInput = Infer<typeof NewFranchiseInput>

/** POST /api/v2/stores: a store, with its franchise when the caller has none yet (its first store). */
export const NewStoreInput = assign(StoreInput, object({ franchise: optional(NewFranchiseInput) }))
export type NewStoreInput = Infer<typeof NewStoreInput>

export type FranchiseFormValues = { franchiseName: string; codeAlpha3: string }
export type FranchiseField = keyof FranchiseFormValues

/** The first-store form's franchise errors (message ids), as the server would answer them. */
export function validateFranchiseForm(v: FranchiseFormValues): Partial<Record<FranchiseField, string>> {
  const errors: Partial<Record<FranchiseField, string>> = {}
  const name = v.franchiseName.trim()
  if (name === '') errors.franchiseName = 'store.firstStore.errors.franchiseNameRequired'
  else if (name.length > FRANCHISE_NAME_MAX)
    errors.franchiseName = 'store.firstStore.errors.franchiseNameTooLong'
  if (!isFirstStoreCountry(v.codeAlpha3)) errors.codeAlpha3 = 'store.firstStore.errors.countryRequired'
  return errors
}
