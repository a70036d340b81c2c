// The default actors of the store editor: src/api calls, passing the abort signal on.
import { fromPromise } from 'xstate'
import { uploadFile } from '../../src/api/files'
import { storesApi } from '../../src/api/stores'
import type { NearCity, Store } from '../../src/domain/stores'
import type { ImageField, SaveStoreInput } from './store-editor.machine'

/** GET /api/Stores/{id}. */
export const loadStore = fromPromise<Store, { storeId: string }>(({ input, signal }) =>
  storesApi.get(input.storeId, signal),
)

/** POST /api/v2/stores or PUT /api/v2/stores/{id}, then PATCH …/settings when they changed. */
export const saveStore = fromPromise<Store, SaveStoreInput>(async ({ input, signal }) => {
  const store = input.storeId
    ? await storesApi.update(input.storeId, input.body, signal)
    : await storesApi.create(input.body, signal)
  return input.settings ? storesApi.settings(store.id, input.settings, signal) : store
})

/** DELETE /api/stores/{id}. */
export const deleteStore = fromPromise<void, { storeId: string }>(({ input, signal }) =>
  storesApi.remove(input.storeId, signal),
)

/** POST /aws/file/store (the storage adapter): the form keeps the URL it answers. */
export const uploadImage = fromPromise<{ field: ImageField; url: string }, { field: ImageField; file: File }>(
  async ({ input }) => ({ field: input.field, url: (await uploadFile('store', input.file)).url }),
)

/** GET /services/v2/geocode/near-cities: the city field's suggestions around the typed coordinates. */
export const findCities = fromPromise<NearCity[], { lat: number; lng: number; distance: number }>(
  ({ input, signal }) => storesApi.nearCities(input.lat, input.lng, input.distance, signal),
)
