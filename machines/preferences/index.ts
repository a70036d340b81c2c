export * from './preferences'
export {
  type PreferencesContext,
  type PreferencesEvent,
  type PreferencesInput,
  preferencesMachine,
  SAVE_DELAY_MS,
  type SaveSettingsInput,
} from './preferences.machine'
export { type PreferencesView, toPreferencesView } from './preferences.view'
