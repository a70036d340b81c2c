// The campaign screens' addresses (SPEC §2).
export const CAMPAIGN_PATHS = {
  history: '/pages/campaign/history',
  create: '/pages/campaign/new',
  detail: (id: string) => `/pages/campaign/${encodeURIComponent(id)}`,
  edit: (id: string) => `/pages/campaign/${encodeURIComponent(id)}/edit`,
} as const
