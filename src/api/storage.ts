// The browser storage keys of SPEC §9, in one place. Local storage survives a reload; nothing here
// is flow state (machines own that), only what must outlive the page.

export const STORAGE_KEYS = {
  folded: 'lb.navbarFolded',
  selectedTag: 'lb.selectedTag',
  currentStore: 'lb.currentStore',
  startPage: 'lb.startPage',
  token: 'lb.token',
  impostorToken: 'lb.impostorToken',
  userId: 'lb.userId',
  earlyCalls: 'lb.earlyCalls',
  language: 'lb.language',
  layout: 'lb.layout',
  theme: 'lb.theme',
  direction: 'lb.direction',
  animations: 'lb.animations',
  /** The user whose display preferences changed here and are not saved to the server yet. */
  unsaved: 'lb.unsavedSettings',
  /** The franchises whose getting-started checklist the owner hid (issue 34), comma-separated ids. */
  onboardingHidden: 'lb.onboardingHidden',
} as const
export type StorageKey = keyof typeof STORAGE_KEYS

function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

export function readKey(key: StorageKey): string | null {
  return store()?.getItem(STORAGE_KEYS[key]) ?? null
}

export function writeKey(key: StorageKey, value: string | null): void {
  const s = store()
  if (!s) return
  if (value === null) s.removeItem(STORAGE_KEYS[key])
  else s.setItem(STORAGE_KEYS[key], value)
}

/** The token calls are made with: an admin acting as a merchant uses the impostor token. */
export function activeToken(): string | null {
  return readKey('impostorToken') ?? readKey('token')
}

/** §4 Logout: everything tied to the signed-in user goes. Language and layout stay with the browser. */
export function clearSession(): void {
  for (const key of [
    'token',
    'impostorToken',
    'userId',
    'selectedTag',
    'currentStore',
    'startPage',
    'earlyCalls',
  ] as const)
    writeKey(key, null)
}
