// The default actors of the franchise panel: the admin reads (src/api), the three changes it makes
// through the merchant-side endpoints admins may call, and the sender-name check and save.
import { fromPromise } from 'xstate'
import { adminApi } from '../../src/api/admin'
import { franchiseSettingsApi } from '../../src/api/franchise-settings'
import { loyaltyApi } from '../../src/api/loyalty'
import { storesApi } from '../../src/api/stores'
import { type AuditPage, type FranchisePanel, toCreateOwnerRequest } from '../../src/domain/admin'
import type { CreateOwnerInput, PanelChange } from './franchise-panel.machine'

export const loadPanel = fromPromise<FranchisePanel, { franchiseId: string }>(({ input, signal }) =>
  adminApi.panel(input.franchiseId, signal),
)

export const loadAudit = fromPromise<AuditPage, { franchiseId: string; page: number; size: number }>(
  ({ input, signal }) => adminApi.auditLog(input.franchiseId, input.page, input.size, signal),
)

/** Makes the change, then reads the panel again so that every figure shown is the server's. */
export const applyChange = fromPromise<
  FranchisePanel,
  { franchiseId: string; modelId: string | null; change: PanelChange }
>(async ({ input, signal }) => {
  const c = input.change
  if (c.kind === 'feature') await adminApi.setFeature(input.franchiseId, c.feature, c.isEnabled, signal)
  else if (c.kind === 'store') await storesApi.settings(c.storeId, { [c.setting]: c.value }, signal)
  else if (input.modelId) await loyaltyApi.changeType(input.modelId, c.loyaltyType, signal)
  return adminApi.panel(input.franchiseId, signal)
})

export const checkSender = fromPromise<{ valid: boolean; code?: string | undefined }, { value: string }>(
  ({ input, signal }) => franchiseSettingsApi.senderValidity(input.value, signal),
)

export const saveSender = fromPromise<unknown, { franchiseId: string; senderId: string }>(
  ({ input, signal }) => franchiseSettingsApi.senderId(input.franchiseId, input.senderId, signal),
)

/** The owner of a franchise that has none (invited by e-mail), then the panel as it is after it. */
export const createOwner = fromPromise<FranchisePanel, CreateOwnerInput>(async ({ input, signal }) => {
  await adminApi.createFranchiseOwner(toCreateOwnerRequest(input.franchiseId, input.values), signal)
  return adminApi.panel(input.franchiseId, signal)
})
