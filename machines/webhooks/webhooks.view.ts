import type { SnapshotFrom } from 'xstate'
import { webhookFormErrors, type webhooksMachine } from './webhooks.machine'

/** What the webhooks panel renders. */
export function toWebhooksView(s: SnapshotFrom<typeof webhooksMachine>) {
  const c = s.context
  const selected = c.endpoints.find((e) => e.id === c.selectedId) ?? null
  const inDeliveries = s.matches('deliveries')
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isEditing: s.matches('editing') || s.matches('saving'),
    isSaving: s.matches('saving'),
    isNew: c.selectedId === null,
    isConfirmingDelete: s.matches('confirmingDelete') || s.matches('deleting'),
    isDeleting: s.matches('deleting'),
    isConfirmingRotate: s.matches('confirmingRotate') || s.matches('rotating'),
    isRotating: s.matches('rotating'),
    isShowingSecret: s.matches('showingSecret'),
    isTesting: s.matches('testing'),
    isTogglingId: s.matches('toggling') ? c.selectedId : null,
    isShowingDeliveries: inDeliveries,
    isLoadingDeliveries: s.matches({ deliveries: 'loading' }),
    isDeliveriesFailed: s.matches({ deliveries: 'failed' }),
    endpoints: c.endpoints,
    selected,
    form: c.form,
    errors: c.submitted ? webhookFormErrors(c.form) : {},
    error: c.error,
    secret: s.matches('showingSecret') ? c.secret : null,
    deliveries: c.deliveries,
    canAdd: s.can({ type: 'webhooks.add' }),
    canTestSelected: !!selected && s.can({ type: 'webhooks.test', id: selected.id }),
    canRefresh: s.can({ type: 'webhooks.refresh' }),
  }
}
export type WebhooksView = ReturnType<typeof toWebhooksView>
