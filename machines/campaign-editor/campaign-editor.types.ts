// The campaign editor's input, context and events (machines/campaign-editor).
import type { Campaign, CampaignCost, CampaignInput } from '../../src/domain/campaign-contract'
import type {
  CampaignDraft,
  CouponForm,
  CouponKind,
  EditorStep,
  FilterForm,
  QuietDays,
  ScheduleForm,
  TextFilter,
} from '../../src/domain/campaign-draft'
import type { NewsChoice, NewsField } from '../../src/domain/campaign-news-draft'
import type { Channel } from '../../src/domain/campaigns'

/** The audience call's pause after the last change of a filter (ms). */
export const AUDIENCE_DEBOUNCE_MS = 500

export type CampaignEditorInput = {
  franchiseId: string
  /** The author (§5: creating needs a known user id). */
  userId: string
  /** The campaign edited; null for a new one. */
  campaignId: string | null
  timezone: string
  currencyCode: string
  /** The franchise's country (alpha-3): the SMS opt-out mention's language. */
  countryAlpha3: string
  /** §6: SMS needs the subscription. */
  isSubscribed: boolean
  stores: readonly { id: string; name: string }[]
  /** The clock the date rules read (the app's; a fixed one in tests). */
  now?: () => Date
}

export type CampaignEditorContext = Omit<CampaignEditorInput, 'now' | 'stores'> & {
  /**
   * The server's public URL (loaded): SMS are previewed and counted with the short link on it that each
   * recipient gets; '' until known (the merchant's own link is then shown).
   */
  publicUrl: string
  stores: { id: string; name: string }[]
  now: () => Date
  /** The franchise's SMS sender id (loaded). */
  senderId: string | null
  /** The campaign as loaded (an edit). */
  original: Campaign | null
  draft: CampaignDraft
  /** Steps whose errors are shown (a "next" was tried there). */
  shown: EditorStep[]
  /** The latest audience count and price; null when none matched or none known yet. */
  audience: CampaignCost | null
  /** Number of the latest audience request: an older answer is dropped. */
  audienceRequest: number
  /** The uploaded image's URL (a new file is uploaded once, at the first save). */
  imageUrl: string | null
  /** Message id of the last failed save, shown in the validation dialog. */
  saveError: string | null
  /** The saved campaign (hasBeenSaved). */
  saved: Campaign | null
  /** Where a confirmed leave goes (a link followed), or null: the page the editor came from. */
  leaveTo: string | null
  /** The franchise's news items a NEWS campaign may link (loaded). */
  newsChoices: NewsChoice[]
  /** The franchise's quiet days (loaded): the date step says when the campaign really goes out. */
  quiet: QuietDays
}

export type LoadEditorOutput = {
  /**
   * The server's public URL, as the sender writes short links on it (never the browser's address);
   * absent: none known (tests, stories).
   */
  publicUrl?: string
  senderId: string | null
  campaign: Campaign | null
  news: NewsChoice[]
  /** The franchise's quiet days: when a campaign really goes out (absent: none known, none kept). */
  quiet?: QuietDays
}
export type CountAudienceInput = {
  franchiseId: string
  body: { channel: Channel; campaignFilters: CampaignInput['communicationCampaign']['campaignFilters'] }
  requestId: number
}
export type CountAudienceOutput = { requestId: number; cost: CampaignCost | null }
export type SaveCampaignInput = { franchiseId: string; campaignId: string | null; body: CampaignInput }

export type CampaignEditorEvent =
  | { type: 'editor.name'; value: string }
  | { type: 'editor.channel'; channel: Channel }
  | { type: 'editor.filter'; field: TextFilter | 'gender' | 'scope'; value: string }
  | { type: 'editor.toggle'; field: 'storeIds' | 'clientsAcquiredFrom' | 'clientsTypes'; value: string }
  | { type: 'editor.content'; content: CouponKind }
  | { type: 'editor.coupon'; field: keyof CouponForm; value: string }
  | { type: 'editor.text'; field: 'title' | 'message' | 'link'; value: string }
  | { type: 'editor.image'; file: File; preview: string }
  | { type: 'editor.imageRemove' }
  | { type: 'editor.schedule'; field: keyof ScheduleForm; value: string }
  /** A NEWS campaign's news: mode none/create/link, the linked id, the created one's text and period. */
  | { type: 'editor.news'; field: NewsField; value: string }
  | { type: 'editor.next' }
  | { type: 'editor.back' }
  | { type: 'editor.goTo'; step: EditorStep }
  | { type: 'editor.retryAudience' }
  /** Opens the validation dialog; confirm saves, cancel closes it. */
  | { type: 'editor.validate' }
  | { type: 'editor.confirm' }
  | { type: 'editor.cancel' }
  /** Leave the editor (the Leave button; `to`: a link of the app followed while the draft is unsaved). */
  | { type: 'editor.leave'; to?: string }
  | { type: 'editor.leaveConfirm' }
  | { type: 'editor.leaveCancel' }
  /** Raised by an edit of the channel or the filters: the audience is counted again. */
  | { type: 'audience.changed' }
  /** Raised by every edit, and once saved: the unsaved-changes region follows them. */
  | { type: 'draft.changed' }
  | { type: 'draft.saved' }

export type { FilterForm }
