// CSV downloads (issue 23): the browser follows a plain link to each export, so the file streams to
// disk and is never held in memory here. The link carries no token: DownloadLink adds a one-minute
// ticket when it is followed (src/ui/DownloadLink.tsx, issue 34).
import type { Locale } from '../domain/locale'
import type { ClientQuery } from './clients'

/** A download's address: its path and query, without any token. */
export function downloadHref(
  path: string,
  query: Record<string, string | string[] | undefined | null>,
): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) if (v) params.append(key, v)
  const search = params.toString()
  return search ? `${path}?${search}` : path
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
}
