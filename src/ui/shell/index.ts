// The app shell (SPEC §1): navbar, toolbar, footer, quick panel, layout settings, and the
// preferences actor that drives language, theme, direction and layout.
export { COMPANY_NAME, SUPPORT_EMAIL } from './config'
export {
  EnsurePreferences,
  PreferencesContext,
  PreferencesProvider,
  usePreferences,
  usePreferencesRef,
} from './preferences'
export { appPreferencesMachine, preferencesInput } from './preferencesRuntime'
export { MAIN_ID, ShellLayout } from './ShellLayout'
export { StoreDialogFrame, type StoreDialogFrameProps } from './StoreDialogFrame'
