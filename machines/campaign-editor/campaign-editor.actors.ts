// The editor's default actors: src/api calls (aborted through `signal`) and the browser's own warning
// when the page is closed or reloaded with unsaved changes.
import { fromPromise } from 'xstate'
import { campaignsApi } from '../../src/api/campaigns'
import { uploadFile } from '../../src/api/files'
import { franchiseSettingsApi } from '../../src/api/franchise-settings'
import { newsApi } from '../../src/api/news'
import type { Campaign } from '../../src/domain/campaign-contract'
import { LEAVE_BACK, leaveGuard } from '../leave-guard/leave-guard'
import type {
  CountAudienceInput,
  CountAudienceOutput,
  LoadEditorOutput,
  SaveCampaignInput,
} from './campaign-editor.types'

/**
 * The franchise's sender id and quiet days, its news items (the newest 100, which a NEWS campaign may link),
 * the server's public URL (its short links' start) and, for an edit, the campaign: all needed before the
 * first step.
 */
export const loadEditor = fromPromise<LoadEditorOutput, { franchiseId: string; campaignId: string | null }>(
  async ({ input, signal }) => {
    const [franchise, campaign, news, publicUrl] = await Promise.all([
      franchiseSettingsApi.get(input.franchiseId, signal),
      input.campaignId ? campaignsApi.get(input.campaignId, signal) : Promise.resolve(null),
      newsApi.list(input.franchiseId, { page: 1, size: 100 }, signal),
      campaignsApi.shortLinkBase(input.franchiseId, signal),
    ])
    return {
      publicUrl,
      senderId: franchise.senderId,
      campaign,
      news: news.data,
      quiet: { smsQuietDays: franchise.smsQuietDays, publicHolidays: franchise.publicHolidays },
    }
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

export { LEAVE_BACK }

/**
 * While the draft is unsaved: closing or reloading the tab asks the browser's "leave this page?", a
 * link of the app (the navigation, a note's link) is held back and asked as `editor.leave` instead,
 * and so is the browser's back button: a copy of the page's history entry is pushed, so "back" only
 * pops that copy (the page stays) and is asked as `editor.leave` with LEAVE_BACK; a confirmed leave
 * then goes back past both entries. While it is guarded no page lies ahead, so forward asks nothing.
 */
export const guardLeaving = leaveGuard('editor.leave', { back: true })
