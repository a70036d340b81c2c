import type { SnapshotFrom } from 'xstate'
import type { franchisePanelMachine } from './franchise-panel.machine'
import { AUDIT_PANEL_PAGE_SIZE } from './franchise-panel.machine'

/** What the franchise panel renders. */
export function toFranchisePanelView(s: SnapshotFrom<typeof franchisePanelMachine>) {
  const { panel, errorCode, audit, auditPage, change, senderInput, senderError } = s.context
  const { ownerForm, ownerErrors, ownerError } = s.context
  const isOwnerCreating = s.matches({ owner: 'creating' })
  const isSaving = s.matches({ change: 'saving' })
  const senderBusy = s.matches({ senderId: 'checking' }) || s.matches({ senderId: 'saving' })
  return {
    franchiseId: s.context.franchiseId,
    panel,
    isLoading: s.matches({ panel: 'loading' }),
    isFailed: s.matches({ panel: 'failed' }),
    errorCode: s.matches({ panel: 'failed' }) ? errorCode : null,
    audit: audit?.data ?? [],
    auditPage,
    auditPageCount: Math.max(1, Math.ceil((audit?.metadata.total ?? 0) / AUDIT_PANEL_PAGE_SIZE)),
    auditTotal: audit?.metadata.total ?? 0,
    isAuditLoading: s.matches({ audit: 'loading' }),
    isAuditFailed: s.matches({ audit: 'failed' }),
    /** The change under way (its control shows the loading state); others wait. */
    pending: isSaving ? change : null,
    // The guard's own answer (hasPanel, in the idle change state), not a copy of it.
    canChange: s.can({ type: 'panel.toggleFeature', feature: 'GAME', isEnabled: true }),
    isSenderOpen: !s.matches({ senderId: 'closed' }),
    isSenderBusy: senderBusy,
    isSenderChecking: s.matches({ senderId: 'checking' }),
    senderInput,
    senderError,
    /** The franchise has no owner yet: the Owner area offers to create one. */
    canCreateOwner: !!panel && panel.owner === null && s.matches({ owner: 'closed' }),
    isOwnerOpen: !s.matches({ owner: 'closed' }),
    isOwnerCreating,
    ownerForm,
    ownerErrors,
    ownerError,
  }
}
export type FranchisePanelView = ReturnType<typeof toFranchisePanelView>
