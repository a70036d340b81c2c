// The default actor of the satisfaction page: GET api/v2/stores/opinions (aborted through `signal` when
// the store filter changes again).
import { fromPromise } from 'xstate'
import { opinionsApi } from '../../src/api/opinions'
import type { Satisfaction } from '../../src/domain/opinions'
import type { LoadSatisfactionInput } from './satisfaction.machine'

export const loadSatisfaction = fromPromise<Satisfaction, LoadSatisfactionInput>(({ input, signal }) =>
  opinionsApi.satisfaction(input.storeId, signal),
)
