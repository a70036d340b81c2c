// The franchise page's machine with the app's real actors (src/api) and toast. Tests and stories hand
// their own through FranchiseLogicContext.
import { createContext, useContext } from 'react'
import {
  loadSettings,
  previewExpiry,
  saveSettings,
} from '../../../machines/expiry-settings/expiry-settings.actors'
import { expirySettingsMachine } from '../../../machines/expiry-settings/expiry-settings.machine'
import { franchiseSettingsActors } from '../../../machines/franchise-settings/franchise-settings.actors'
import { franchiseSettingsMachine } from '../../../machines/franchise-settings/franchise-settings.machine'
import type { FranchiseSummary } from '../../domain/franchise'
import type { FranchiseDetail } from '../../domain/franchise-settings'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type FranchiseLogic = {
  machine: typeof franchiseSettingsMachine
  /** The points expiry section's (issue 23); without it the page has no such section. */
  expiry?: typeof expirySettingsMachine
  notify: (level: 'success' | 'error', id: string) => void
}

export const appFranchiseLogic: FranchiseLogic = {
  machine: franchiseSettingsMachine.provide({ actors: franchiseSettingsActors }),
  expiry: expirySettingsMachine.provide({ actors: { loadSettings, saveSettings, previewExpiry } }),
  notify: (level, id) => notify[level](id as MessageId),
}

export const FranchiseLogicContext = createContext<FranchiseLogic>(appFranchiseLogic)
export const useFranchiseLogic = () => useContext(FranchiseLogicContext)

/** What the shell keeps of a franchise (the session's summary). */
export const summaryOf = (f: FranchiseDetail): FranchiseSummary => ({
  id: f.id,
  name: f.name,
  logo: f.logo,
  codeAlpha3: f.codeAlpha3,
  currencyCode: f.currencyCode,
  timezone: f.timezone,
  loyaltyType: f.loyaltyType,
  features: f.features,
  theme: f.theme,
})
