// The display preferences of SPEC §1/§9 (language, navbar folded, layout settings panel) and how they
// map to local storage and to the user's server settings. Pure: the machine and its tests use it.
import type { UserSettings } from '../../src/domain/auth'
import { isLocale, type Locale, pickLocale } from '../../src/domain/locale'

export const LAYOUTS = ['vertical', 'horizontal'] as const
export type Layout = (typeof LAYOUTS)[number]
export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
export const DIRECTIONS = ['ltr', 'rtl'] as const
export type Direction = (typeof DIRECTIONS)[number]

export type Preferences = {
  language: Locale
  /** §9 default layout: a left, folded navbar. */
  navbarFolded: boolean
  layout: Layout
  theme: Theme
  direction: Direction
  animations: boolean
}

/** Everything but the language, whose default depends on the browser (§9: French unless en-US). */
export const DEFAULT_PREFERENCES: Omit<Preferences, 'language'> = {
  navbarFolded: true,
  layout: 'vertical',
  theme: 'light',
  direction: 'ltr',
  animations: true,
}

/** The raw local-storage values (src/api/storage.ts keys), as read at start-up. */
export type StoredPreferences = {
  language?: string | null
  folded?: string | null
  layout?: string | null
  theme?: string | null
  direction?: string | null
  animations?: string | null
  /** The user whose last changes this browser has not saved to the server yet (see the machine). */
  unsaved?: string | null
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback
const flag = (value: string | null | undefined, fallback: boolean) =>
  value === 'true' || value === 'on' ? true : value === 'false' || value === 'off' ? false : fallback

/**
 * Start-up preferences: what this browser remembered, defaults for the rest; unknown values are ignored.
 * `language` (an embedding's choice, e.g. a test) replaces the browser's, never a stored choice.
 */
export function fromStorage(
  stored: StoredPreferences,
  browserLanguage: string | null | undefined,
  language?: Locale,
): Preferences {
  return {
    language: isLocale(stored.language) ? stored.language : (language ?? pickLocale(browserLanguage)),
    navbarFolded: flag(stored.folded, DEFAULT_PREFERENCES.navbarFolded),
    layout: oneOf(LAYOUTS, stored.layout, DEFAULT_PREFERENCES.layout),
    theme: oneOf(THEMES, stored.theme, DEFAULT_PREFERENCES.theme),
    direction: oneOf(DIRECTIONS, stored.direction, DEFAULT_PREFERENCES.direction),
    animations: flag(stored.animations, DEFAULT_PREFERENCES.animations),
  }
}

/** What goes back into local storage (one key each, so a reload restores every choice). */
export function toStorage(p: Preferences): { [K in Exclude<keyof StoredPreferences, 'unsaved'>]: string } {
  return {
    language: p.language,
    folded: String(p.navbarFolded),
    layout: p.layout,
    theme: p.theme,
    direction: p.direction,
    animations: p.animations ? 'on' : 'off',
  }
}

/** The server's settings win over this browser's for every value the server holds. */
export function fromServer(current: Preferences, settings: UserSettings | null | undefined): Preferences {
  const s = settings ?? {}
  return {
    language: isLocale(s.language) ? s.language : current.language,
    navbarFolded: typeof s.navbarFolded === 'boolean' ? s.navbarFolded : current.navbarFolded,
    layout: oneOf(LAYOUTS, s.layout, current.layout),
    theme: oneOf(THEMES, s.theme, current.theme),
    direction: oneOf(DIRECTIONS, s.direction, current.direction),
    animations: typeof s.animations === 'boolean' ? s.animations : current.animations,
  }
}

/** The settings saved with authApi.updateSettings (the server merges them into the stored ones). */
export function toServer(p: Preferences): UserSettings {
  return {
    language: p.language,
    navbarFolded: p.navbarFolded,
    layout: p.layout,
    theme: p.theme,
    direction: p.direction,
    animations: p.animations,
  }
}

export function pickPreferences(p: Preferences): Preferences {
  const { language, navbarFolded, layout, theme, direction, animations } = p
  return { language, navbarFolded, layout, theme, direction, animations }
}
