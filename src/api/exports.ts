// CSV downloads (issue 23): the browser follows a plain link to each export, so the file streams to
// disk and is never held in memory here. The token travels as the access_token parameter, as every
// call of SPEC §7 carries it (client.ts); the server never writes query parameters to its logs.
import type { Locale } from '../domain/locale'
import type { ClientQuery } from './clients'
import { activeToken } from './storage'

/** A download's address: its query, and the token as access_token (links cannot send headers). */
export function downloadHref(
  path: string,
  query: Record<string, string | string[] | undefined | null>,
): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) if (v) params.append(key, v)
  const token = activeToken()
  if (token) params.append('access_token', token)
  return `${path}?${params}`
}

export const exportsApi = {
  /** The client list as filtered and sorted on the screen (every page of it). */
  clientsCsv: (q: Omit<ClientQuery, 'page' | 'size'>, locale: Locale) =>
    downloadHref('/api/v2/exports/clients', {
      sort: q.sort,
      order: q.order,
      filter: q.search,
      storeId: q.store,
      acquiredFrom: q.acquiredFrom,
      clientType: q.clientType,
      franchiseId: q.store ? undefined : q.franchiseId,
      locale,
    }),
  /** The ledger of a period (days of the franchise, both included): the franchise's or one client's. */
  ledgerCsvPath: (franchiseId: string) => `/api/v2/franchises/${franchiseId}/exports/ledger`,
  /** A campaign's recipients and each delivery. */
  recipientsCsv: (campaignId: string, locale: Locale) =>
    downloadHref(`/api/v2/communication-campaigns/${campaignId}/exports/recipients`, { locale }),
  /** The token a download form carries as its access_token field. */
  token: () => activeToken() ?? '',
}
