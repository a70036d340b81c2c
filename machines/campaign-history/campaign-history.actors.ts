// The history's default actors: the list call (aborted through `signal`), its answer in the paged lists'
// shape, and the address watcher (on this page's path).
import { fromPromise } from 'xstate'
import { campaignsApi } from '../../src/api/campaigns'
import type { ListCampaignsInput, ListCampaignsOutput } from './campaign-history.machine'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listCampaigns = fromPromise<ListCampaignsOutput, ListCampaignsInput>(
  async ({ input, signal }) => {
    const { page, size, status, channel, from, to } = input.query
    const answer = await campaignsApi.history(
      input.franchiseId,
      {
        page,
        size,
        ...(status ? { status } : {}),
        ...(channel ? { channel } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
      signal,
    )
    return { requestId: input.requestId, page: { data: answer.items, metadata: { total: answer.total } } }
  },
)
