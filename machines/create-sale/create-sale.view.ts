import type { SnapshotFrom } from 'xstate'
import { amountError } from '../../src/domain/sale'
import { canSubmit, type createSaleMachine, remainingOf, selectedTag } from './create-sale.machine'

/** What the create-sale dialog renders. */
export function toCreateSaleView(s: SnapshotFrom<typeof createSaleMachine>) {
  const c = s.context
  const tag = selectedTag(c)
  const remaining = remainingOf(c)
  const isInjected = s.matches({ open: { ready: 'injected' } })
  const isResetting = s.matches({ open: { ready: 'resetting' } })
  const isInjecting = s.matches({ open: { ready: 'injecting' } })
  const isBusy = isInjecting || isResetting
  return {
    isOpen: s.matches('open'),
    isLoading: s.matches({ open: 'loading' }) || s.matches({ open: 'starting' }),
    isLoadFailed: s.matches({ open: 'loadFailed' }),
    hasNoStore: s.matches({ open: 'noStore' }),
    hasNoTags: s.matches({ open: 'noTags' }),
    isReady: s.matches({ open: 'ready' }),
    tags: c.tags,
    selectedTagId: c.selectedTagId,
    amount: c.amount,
    /** The amount typed is not a valid sale yet (shown once something is typed). */
    amountProblem: c.amount === '' ? null : amountError(c.amount),
    isInjecting,
    isResetting,
    /** The selected tag's waiting points, while the countdown runs. */
    injection: isInjected || isResetting ? (tag?.manualPointsInfo ?? null) : null,
    remaining: isInjected || isResetting ? remaining : null,
    canSelect: !isBusy,
    canEditAmount: s.matches({ open: { ready: 'editing' } }) || isInjected,
    canSubmit: (s.matches({ open: { ready: 'editing' } }) || isInjected) && canSubmit(c),
    canReset: isInjected && (remaining ?? 0) > 0,
    error: c.error,
    /** The customer collected the points that waited on the tag (the refresh saw it). */
    isCollected: c.collected && s.matches({ open: { ready: 'editing' } }),
  }
}
export type CreateSaleView = ReturnType<typeof toCreateSaleView>
