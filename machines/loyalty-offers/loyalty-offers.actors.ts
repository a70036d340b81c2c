// The default actors of the offers list: src/api calls, passing the abort signal on.
import { fromPromise } from 'xstate'
import { uploadFile } from '../../src/api/files'
import { loyaltyApi } from '../../src/api/loyalty'
import type { LoyaltyOffer } from '../../src/domain/loyalty'
import type { LoadOffersInput, OfferStatusChange, SaveOfferInput } from './loyalty-offers.machine'

/** GET /api/v2/loyalties/offers, with the redeemed counts the list shows (another franchise's: by id). */
export const loadOffers = fromPromise<LoyaltyOffer[], LoadOffersInput>(({ input, signal }) =>
  loyaltyApi.offers(
    {
      includeArchived: input.includeArchived,
      includeRedeemedCount: true,
      ...(input.franchiseId ? { franchiseId: input.franchiseId } : {}),
    },
    signal,
  ),
)

/** POST /api/LoyaltyModels/{id}/loyaltyOffers or PUT /api/v2/loyalty-models/{id}/offers/{offerId}. */
export const saveOffer = fromPromise<LoyaltyOffer, SaveOfferInput>(({ input, signal }) =>
  input.offerId
    ? loyaltyApi.updateOffer(input.modelId, input.offerId, input.body, signal)
    : loyaltyApi.createOffer(input.modelId, input.body, signal),
)

/** POST /api/v2/loyalty-models/{id}/offers/{offerId}/status. */
export const changeStatus = fromPromise<LoyaltyOffer, OfferStatusChange>(({ input, signal }) =>
  loyaltyApi.setOfferStatus(input.modelId, input.offerId, input.status, signal),
)

/** POST /aws/file/loyalty. */
export const uploadImage = fromPromise<{ url: string }, { file: File }>(({ input, signal }) =>
  uploadFile('loyalty', input.file, signal),
)
