// Download tickets (issue 34): what a download link carries instead of the access token.
import { DownloadTicket } from '../domain/downloads'
import { call } from './client'

export const downloadsApi = {
  /** A one-use, one-minute ticket, asked with the token in the header as every call. */
  ticket: (signal?: AbortSignal) =>
    call('/api/v2/downloads', { method: 'POST', ...(signal ? { signal } : {}) }, DownloadTicket),
}
