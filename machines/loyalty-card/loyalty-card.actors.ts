// The default actors of the loyalty page: src/api calls, passing the abort signal on.
import { fromPromise } from 'xstate'
import { uploadFile } from '../../src/api/files'
import { loyaltyApi } from '../../src/api/loyalty'
import type { LoyaltyModel, PosProduct } from '../../src/domain/loyalty'
import type { LoadCardInput, LoadCardOutput, SaveCardInput } from './loyalty-card.machine'

/**
 * GET /api/v2/franchises/{id}/loyalty-model (none: null), and the products of the franchise's points of
 * sale for the POS_PRODUCTS picker. A store whose products cannot be read only leaves the picker
 * shorter: the product ids can still be typed.
 */
export const loadCard = fromPromise<LoadCardOutput, LoadCardInput>(async ({ input, signal }) => {
  const [card, lists] = await Promise.all([
    loyaltyApi.card(input.franchiseId, signal),
    Promise.all(input.storeIds.map((id) => loyaltyApi.products(id, signal).catch(() => [] as PosProduct[]))),
  ])
  const seen = new Set<string>()
  const products = lists.flat().filter((p) => !seen.has(p.id) && seen.add(p.id))
  return { card, products }
})

/** POST /api/LoyaltyModels or PUT /api/v2/loyalty-models/{id}. */
export const saveCard = fromPromise<LoyaltyModel, SaveCardInput>(({ input, signal }) =>
  input.cardId
    ? loyaltyApi.updateCard(input.cardId, input.body, signal)
    : loyaltyApi.createCard(input.body, signal),
)

/** POST /aws/file/loyalty (the storage adapter): the form keeps the URL it answers. */
export const uploadImage = fromPromise<{ url: string }, { file: File }>(({ input, signal }) =>
  uploadFile('loyalty', input.file, signal),
)
