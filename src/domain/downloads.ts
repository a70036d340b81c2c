// Download links (issue 34): a link cannot send the Authorization header, and an access token in an
// address stays in every proxy's access log. The browser asks for a one-use, one-minute ticket just
// before it opens a download, and the link carries the ticket instead of the token.
import { object, string } from 'superstruct'

/** How long a ticket opens a download: time enough to follow the link, too short to reuse a leaked one. */
export const DOWNLOAD_TICKET_SECONDS = 60

/** The query parameter the ticket travels in. */
export const DOWNLOAD_PARAM = 'download'

export const DownloadTicket = object({
  /** What the link adds as its `download` parameter (withTicket). */
  ticket: string(),
  expiresAt: string(),
})

/** `path?query` with the ticket added to its query. */
export function withTicket(pathAndQuery: string, ticket: string): string {
  const sep = pathAndQuery.includes('?') ? '&' : '?'
  return `${pathAndQuery}${sep}${DOWNLOAD_PARAM}=${encodeURIComponent(ticket)}`
}
