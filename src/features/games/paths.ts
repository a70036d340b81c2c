// The game screens' addresses (SPEC §2).
export const GAME_PATHS = {
  history: '/pages/games/history',
  create: '/pages/games/new',
  detail: (id: string) => `/pages/games/${encodeURIComponent(id)}`,
  edit: (id: string) => `/pages/games/${encodeURIComponent(id)}/edit`,
  /** The public play page (a link or a QR code per game and store). */
  play: (id: string, storeId?: string) =>
    `/game/${encodeURIComponent(id)}${storeId ? `?store=${encodeURIComponent(storeId)}` : ''}`,
} as const
