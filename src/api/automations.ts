// Automated marketing (issue 20, SPEC §7): the three automations of a franchise, one's detail, the
// revenue they brought, and the saves.
import { array } from 'superstruct'
import { Automation, AutomationDetail, type AutomationInput, AutomationRevenue } from '../domain/automations'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const automationsApi = {
  list: (franchiseId: string, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/automated-marketings`, opt(signal), array(Automation)),
  revenue: (franchiseId: string, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/automated-marketings/revenue`, opt(signal), AutomationRevenue),
  totalRevenue: (franchiseId: string, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/automated-marketings/total-revenue`,
      opt(signal),
      AutomationRevenue,
    ),
  detail: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/automated-marketings/${id}/detail`, opt(signal), AutomationDetail),
  update: (userId: string, id: string, body: AutomationInput, signal?: AbortSignal) =>
    call(
      `/api/v2/users/${userId}/automated-marketings/${id}`,
      { method: 'PUT', body, ...opt(signal) },
      Automation,
    ),
}
