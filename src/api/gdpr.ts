// GDPR (issue 23): a client's personal data is a plain link the browser saves (as the CSV exports, the
// token travels as access_token), and its erasure is one POST.

import { ClientErasureResponse, type PersonalDataFormat } from '../domain/gdpr'
import type { Locale } from '../domain/locale'
import { call } from './client'
import { downloadHref } from './exports'

const clientPath = (franchiseId: string, clientId: string) =>
  `/api/v2/franchises/${franchiseId}/clients/${clientId}`

export const gdprApi = {
  /** The client's personal data as a file: JSON, or a readable HTML page in the user's language. */
  personalDataUrl: (franchiseId: string, clientId: string, format: PersonalDataFormat, locale: Locale) =>
    downloadHref(`${clientPath(franchiseId, clientId)}/personal-data`, { format, locale }),
  erase: (franchiseId: string, clientId: string, signal?: AbortSignal) =>
    call(
      `${clientPath(franchiseId, clientId)}/erase`,
      { method: 'POST', ...(signal ? { signal } : {}) },
      ClientErasureResponse,
    ),
}
