// The franchise page machine's input, context and events (kept apart so the machine file stays short).
import type {
  FranchiseDetail,
  FranchiseTheme,
  InfoDraft,
  QualificationUnit,
  RulesDraft,
} from '../../src/domain/franchise-settings'

/** The pause in typing after which the server checks a sender name. */
export const SENDER_CHECK_DEBOUNCE_MS = 400

export type FranchiseSettingsInput = { franchiseId: string | null }

export type FranchiseSettingsContext = {
  franchiseId: string | null
  franchise: FranchiseDetail | null
  /** A message id: why the franchise could not be loaded. */
  loadError: string | null
  info: InfoDraft
  rules: RulesDraft
  theme: FranchiseTheme
  qualification: { value: string; unit: QualificationUnit }
  averageBasket: string
  senderId: string
  /** The §5 code the sender name breaks (domain rules first, then the server's), or null. */
  senderCode: string | null
  /** The value the server last confirmed as valid. */
  senderChecked: string | null
  /** A message id shown in the open dialog after a failed save. */
  dialogError: string | null
}

export type FranchiseSettingsEvent =
  | { type: 'franchise.retry' }
  | { type: 'info.change'; changes: Partial<InfoDraft> }
  | { type: 'info.logo'; file: File }
  | { type: 'info.save' }
  | { type: 'info.reset' }
  | { type: 'rules.change'; changes: Partial<RulesDraft> }
  | { type: 'rules.save' }
  | { type: 'rules.reset' }
  | { type: 'theme.change'; changes: Partial<FranchiseTheme> }
  | { type: 'theme.save' }
  | { type: 'theme.cancel' }
  | { type: 'qualification.open' }
  | { type: 'qualification.change'; value?: string; unit?: QualificationUnit }
  | { type: 'qualification.save' }
  | { type: 'averageBasket.open' }
  | { type: 'averageBasket.change'; value: string }
  | { type: 'averageBasket.save' }
  | { type: 'senderId.open' }
  | { type: 'senderId.change'; value: string }
  | { type: 'senderId.save' }
  | { type: 'dialog.close' }
