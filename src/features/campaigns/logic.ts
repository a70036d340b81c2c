// The campaign screens' machines with the app's real actors (src/api) and effects. Tests and stories
// hand their own (the same machines with a fake back end) through CampaignsLogicContext.
import { createContext, useContext } from 'react'
import * as detail from '../../../machines/campaign-detail/campaign-detail.actors'
import { campaignDetailMachine } from '../../../machines/campaign-detail/campaign-detail.machine'
import * as editor from '../../../machines/campaign-editor/campaign-editor.actors'
import { campaignEditorMachine } from '../../../machines/campaign-editor/campaign-editor.machine'
import {
  browserLocation,
  type LocationSource,
  listCampaigns,
} from '../../../machines/campaign-history/campaign-history.actors'
import { campaignHistoryMachine } from '../../../machines/campaign-history/campaign-history.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export const CAMPAIGN_PATHS = {
  history: '/pages/campaign/history',
  create: '/pages/campaign/new',
  detail: (id: string) => `/pages/campaign/${encodeURIComponent(id)}`,
  edit: (id: string) => `/pages/campaign/${encodeURIComponent(id)}/edit`,
} as const

export type CampaignsLogic = {
  editor: typeof campaignEditorMachine
  history: typeof campaignHistoryMachine
  detail: typeof campaignDetailMachine
  /** The address the history follows (the browser's; a memory router's in tests). */
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
  /** Back one page (a failed load of the editor, §2), or `pages` pages. */
  goBack: (pages?: number) => void
  now: () => Date
}

export const appCampaignsLogic: CampaignsLogic = {
  editor: campaignEditorMachine.provide({
    actors: {
      loadEditor: editor.loadEditor,
      countAudience: editor.countAudience,
      uploadImage: editor.uploadImage,
      saveCampaign: editor.saveCampaign,
      sendCampaign: editor.sendCampaign,
      guardLeaving: editor.guardLeaving,
    },
  }),
  history: campaignHistoryMachine.provide({ actors: { listCampaigns } }),
  detail: campaignDetailMachine.provide({
    actors: {
      loadCampaign: detail.loadCampaign,
      loadStats: detail.loadStats,
      loadCoupon: detail.loadCoupon,
      loadRecipients: detail.loadRecipients,
      loadNews: detail.loadNews,
      cancelCampaign: detail.cancelCampaign,
      pauseCampaign: detail.pauseCampaign,
      resumeCampaign: detail.resumeCampaign,
    },
  }),
  location: browserLocation,
  notify: (level, id) => notify[level](id as MessageId),
  goBack: (pages = 1) => history.go(-pages),
  now: () => new Date(),
}

export const CampaignsLogicContext = createContext<CampaignsLogic>(appCampaignsLogic)
export const useCampaignsLogic = () => useContext(CampaignsLogicContext)
