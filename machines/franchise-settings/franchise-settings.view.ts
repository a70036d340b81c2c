import type { SnapshotFrom } from 'xstate'
import {
  averageBasketError,
  infoErrors,
  isThemeValid,
  QUALIFICATION_MAX,
  qualificationOf,
  rulesErrors,
  sameTheme,
} from '../../src/domain/franchise-settings'
import { senderIdMessage } from '../../src/domain/sender-id'
import type { franchiseSettingsMachine } from './franchise-settings.machine'

type Snapshot = SnapshotFrom<typeof franchiseSettingsMachine>
const key = (suffix: string | undefined) => (suffix ? `franchise.errors.${suffix}` : null)

/** What the franchise page renders: drafts, per-field message ids, and what may be done now. */
export function toFranchiseSettingsView(s: Snapshot) {
  const c = s.context
  const f = c.franchise
  const ready = s.matches('ready')
  const idle = s.matches({ ready: 'idle' })
  const canEdit = f?.canEdit === true
  const info = infoErrors(c.info)
  const rules = rulesErrors(c.rules)
  const q = c.qualification
  return {
    isLoading: s.matches('loading') || s.matches('starting'),
    isFailed: s.matches('failed'),
    loadError: c.loadError,
    canRetry: s.matches('failed') && c.franchiseId !== null,
    isReady: ready,
    franchise: f,
    canEdit,
    info: c.info,
    infoErrors: {
      name: key(info.name),
      description: key(info.description),
      codeAlpha3: key(info.codeAlpha3),
    },
    isUploadingLogo: s.matches({ ready: 'uploadingLogo' }),
    isSavingInfo: s.matches({ ready: 'savingInfo' }),
    canSaveInfo: idle && canEdit && Object.keys(info).length === 0,
    rules: c.rules,
    rulesErrors: {
      tagScanMinutes: key(rules.tagScanMinutes),
      maxPoints: key(rules.maxPoints),
      staticTagDailyVisitCap: key(rules.staticTagDailyVisitCap),
      newsMaxConcurrent: key(rules.newsMaxConcurrent),
    },
    isSavingRules: s.matches({ ready: 'savingRules' }),
    canSaveRules: idle && canEdit && Object.keys(rules).length === 0,
    /** The draft colours: the preview card shows them before they are saved. */
    theme: c.theme,
    isThemeValid: isThemeValid(c.theme),
    isThemeChanged: !!f && !sameTheme(c.theme, f.theme),
    isSavingTheme: s.matches({ ready: 'savingTheme' }),
    canSaveTheme: idle && canEdit && isThemeValid(c.theme) && !!f && !sameTheme(c.theme, f.theme),
    canOpenDialogs: idle && canEdit,
    dialog: s.matches({ ready: 'qualification' })
      ? ('qualification' as const)
      : s.matches({ ready: 'averageBasket' })
        ? ('averageBasket' as const)
        : s.matches({ ready: 'senderId' })
          ? ('senderId' as const)
          : null,
    dialogError: c.dialogError,
    qualification: q,
    qualificationMax: QUALIFICATION_MAX[q.unit],
    qualificationError: qualificationOf(q.value, q.unit) ? null : 'franchise.errors.qualificationValue',
    isSavingQualification: s.matches({ ready: { qualification: 'saving' } }),
    averageBasket: c.averageBasket,
    averageBasketError: averageBasketError(c.averageBasket.trim())
      ? 'franchise.errors.averageBasketValue'
      : null,
    isSavingAverageBasket: s.matches({ ready: { averageBasket: 'saving' } }),
    senderId: c.senderId,
    senderError: c.senderCode ? senderIdMessage(c.senderCode) : null,
    isCheckingSender:
      s.matches({ ready: { senderId: 'checking' } }) || s.matches({ ready: { senderId: 'debouncing' } }),
    isSenderConfirmed: c.senderChecked !== null && c.senderChecked === c.senderId,
    isSavingSender: s.matches({ ready: { senderId: 'saving' } }),
    canSaveSender:
      s.matches({ ready: { senderId: 'editing' } }) && c.senderCode === null && c.senderId.trim() !== '',
  }
}
export type FranchiseSettingsView = ReturnType<typeof toFranchiseSettingsView>
