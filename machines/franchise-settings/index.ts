export {
  type FranchiseSettingsContext,
  type FranchiseSettingsEvent,
  type FranchiseSettingsInput,
  franchiseSettingsMachine,
  SENDER_CHECK_DEBOUNCE_MS,
} from './franchise-settings.machine'
export { type FranchiseSettingsView, toFranchiseSettingsView } from './franchise-settings.view'
