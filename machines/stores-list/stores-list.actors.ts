// The default actors of the stores list: the owned stores call (src/api) and the address watcher.
import { fromPromise } from 'xstate'
import { storesApi } from '../../src/api/stores'
import type { StoreSummary } from '../../src/domain/franchise'

export { browserLocation, type LocationSource, watchLocationOf } from '../client-list/client-list.actors'

/** GET api/v2/stores/owned: every store the merchant may act on (few), searched and paged locally. */
export const loadStores = fromPromise<StoreSummary[]>(({ signal }) => storesApi.owned(signal))
