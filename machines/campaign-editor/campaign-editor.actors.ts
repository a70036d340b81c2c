// The editor's default actors: src/api calls (aborted through `signal`) and the browser's own warning
// when the page is closed or reloaded with unsaved changes.
import { fromPromise } from 'xstate'
import { campaignsApi } from '../../src/api/campaigns'
import { uploadFile } from '../../src/api/files'
import { franchiseSettingsApi } from '../../src/api/franchise-settings'
import type { Campaign } from '../../src/domain/campaign-contract'
import { leaveGuard } from '../leave-guard/leave-guard'
import type {
  CountAudienceInput,
  CountAudienceOutput,
  LoadEditorOutput,
  SaveCampaignInput,
} from './campaign-editor.types'

/** The franchise's sender id and, for an edit, the campaign (both needed before the first step). */
export const loadEditor = fromPromise<LoadEditorOutput, { franchiseId: string; campaignId: string | null }>(
  async ({ input, signal }) => {
    const [franchise, campaign] = await Promise.all([
      franchiseSettingsApi.get(input.franchiseId, signal),
      input.campaignId ? campaignsApi.get(input.campaignId, signal) : Promise.resolve(null),
    ])
    return { senderId: franchise.senderId, campaign }
  },
)

export const countAudience = fromPromise<CountAudienceOutput, CountAudienceInput>(
  async ({ input, signal }) => ({
    requestId: input.requestId,
    cost: await campaignsApi.cost(input.franchiseId, input.body, signal),
  }),
)

export const uploadImage = fromPromise<{ url: string }, { file: File }>(({ input, signal }) =>
  uploadFile('loyalty', input.file, signal),
)

export const saveCampaign = fromPromise<Campaign, SaveCampaignInput>(({ input, signal }) =>
  input.campaignId
    ? campaignsApi.update(input.campaignId, input.body, signal)
    : campaignsApi.create(input.franchiseId, input.body, signal),
)

export const sendCampaign = fromPromise<Campaign, { franchiseId: string; campaignId: string }>(
  ({ input, signal }) => campaignsApi.send(input.franchiseId, input.campaignId, signal),
)

/**
 * While the draft is unsaved: closing or reloading the tab asks the browser's "leave this page?", and a
 * link of the app (the navigation, a note's link) is held back and asked as `editor.leave` instead.
 */
export const guardLeaving = leaveGuard('editor.leave')
