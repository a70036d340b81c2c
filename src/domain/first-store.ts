// §4 "a user who creates their first store becomes a merchant": a merchant without a franchise names
// it and picks its country on the first-store screen; the country sets the franchise's currency and
// time zone (src/domain/countries.ts, the one list every country picker offers). Shared by the server
// (POST /api/v2/stores validation) and the store editor (the form's errors as you type).
import { assign, type Infer, object, optional, refine, size, string, trimmed } from 'superstruct'
import { isKnownCountry } from './countries'
import { StoreInput } from './stores'

export const FRANCHISE_NAME_MAX = 100

export const NewFranchiseInput = object({
  name: refine(size(trimmed(string()), 1, FRANCHISE_NAME_MAX), 'name', (v) => v !== '' || 'is required'),
  codeAlpha3: refine(string(), 'codeAlpha3', (v) => isKnownCountry(v) || 'is not a served country'),
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
  if (!isKnownCountry(v.codeAlpha3)) errors.codeAlpha3 = 'store.firstStore.errors.countryRequired'
  return errors
}
