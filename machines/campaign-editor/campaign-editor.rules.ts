// The campaign editor's rules read from its context: each step's errors and the message a failed save
// shows (§8). Apart from the machine so that the machine file reads as its states.
import type { ApiError } from '../../src/api/client'
import {
  contentErrors,
  dateErrors,
  EDITOR_STEPS,
  type EditorStep,
  isSmsTooLong,
  targetErrors,
} from '../../src/domain/campaign-draft'
import { optOutMention } from '../../src/domain/sms'
import type { CampaignEditorContext } from './campaign-editor.types'

/** Each step's errors (message-id suffixes by field) for the draft in `c`. */
export function stepErrors(c: CampaignEditorContext, step: EditorStep) {
  if (step === 'target') return targetErrors(c.draft)
  if (step === 'content') return contentErrors(c.draft, optOutMention(c.countryAlpha3), c.publicUrl)
  if (step === 'date') return dateErrors(c.draft.schedule, c.timezone, c.now(), c.original?.isSent ?? false)
  return {}
}

/** §5, §9: the draft's SMS takes more than one SMS (the content step's "next" is then refused). */
export const isSmsOverOne = (c: CampaignEditorContext) =>
  isSmsTooLong(c.draft, optOutMention(c.countryAlpha3), c.publicUrl)

/** §8: the save's failure as the message the dialog shows. */
export function saveMessage(c: CampaignEditorContext, error: ApiError | undefined): string {
  if (error?.code === 'SENDER_ID_NOT_VALID') return 'communication.errors.senderId'
  if (error?.code === 'SUBSCRIPTION_REQUIRED') return 'communication.errors.subscription'
  if (error?.code === 'UPLOAD') return 'communication.errors.upload'
  if (error?.code === 'NEWS_LIMIT_REACHED') return 'communication.errors.newsLimit'
  if (error?.code === 'NEWS_NOT_FOUND') return 'communication.errors.newsNotFound'
  return c.campaignId ? 'communication.errors.edit' : 'communication.errors.validation'
}

export const stepIndex = (s: EditorStep) => EDITOR_STEPS.indexOf(s)
