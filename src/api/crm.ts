// The registration-form builder and the CRM clients (issue 21; SPEC §7 GET/POST
// /api/v2/franchises/{id}/crm-form, and the calls named like it). §7: 20 s time-out for the CRM form.
import type { CrmField } from '../domain/crm'
import { CrmClientPage, CrmClientValues, CrmFormAnswer, CrmValueCount } from '../domain/crm-clients'
import { call } from './client'

export const CRM_TIMEOUT = 20_000

/** The CRM clients list's filter and page. */
export type CrmClientsQuery = { page: number; size: number; search: string; field: string }

const opt = (signal?: AbortSignal) => ({ timeout: CRM_TIMEOUT, ...(signal ? { signal } : {}) })
const form = (franchiseId: string) => `/api/v2/franchises/${franchiseId}/crm-form`

export const crmApi = {
  /** The form with its archived fields (a franchise without one answers the static fields alone). */
  form: (franchiseId: string, signal?: AbortSignal) =>
    call(form(franchiseId), { query: { includeArchived: true }, ...opt(signal) }, CrmFormAnswer),
  /** Saves the merchant's fields whole; 409 CRM_FORM_VERSION_CONFLICT when `version` is not the stored one. */
  save: (franchiseId: string, body: { version: number; fields: CrmField[] }, signal?: AbortSignal) =>
    call(form(franchiseId), { method: 'POST', body, ...opt(signal) }, CrmFormAnswer),
  /** How many clients hold a value for an archived field (asked before deleting it). */
  valueCount: (franchiseId: string, localId: string, signal?: AbortSignal) =>
    call(
      `${form(franchiseId)}/fields/${encodeURIComponent(localId)}/values-count`,
      opt(signal),
      CrmValueCount,
    ),
  /** Deletes an archived field and its values for good; answers the form's new version. */
  deleteField: (franchiseId: string, localId: string, version: number, signal?: AbortSignal) =>
    call(
      `${form(franchiseId)}/fields/${encodeURIComponent(localId)}`,
      { method: 'DELETE', query: { version }, ...opt(signal) },
      CrmFormAnswer,
    ),
  clients: (franchiseId: string, q: CrmClientsQuery, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/crm-clients`,
      {
        query: { page: q.page, size: q.size, search: q.search || undefined, field: q.field || undefined },
        ...opt(signal),
      },
      CrmClientPage,
    ),
  /** A client's values, with the active fields they are for. */
  values: (franchiseId: string, clientId: string, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/clients/${clientId}/crm-values`, opt(signal), CrmClientValues),
  saveValues: (franchiseId: string, clientId: string, values: Record<string, string>, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/clients/${clientId}/crm-values`,
      { method: 'PUT', body: { crmValues: values }, ...opt(signal) },
      CrmClientValues,
    ),
}

/**
 * The CSV export of the list's filter, as a link the browser downloads (the server streams it); the
 * link carries no token (src/ui/DownloadLink.tsx adds a ticket when followed).
 */
export function crmExportHref(franchiseId: string, q: Pick<CrmClientsQuery, 'search' | 'field'>): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.field) params.set('field', q.field)
  const query = params.toString()
  return `/api/v2/franchises/${franchiseId}/crm-clients/export.csv${query ? `?${query}` : ''}`
}
