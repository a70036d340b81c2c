import type { SnapshotFrom } from 'xstate'
import { validateFranchiseForm } from '../../src/domain/first-store'
import { groupWeek, weekErrors } from '../../src/domain/opening-hours'
import { storeCoordinates, validateStoreForm } from '../../src/domain/stores'
import { hasChanges, type storeEditorMachine } from './store-editor.machine'

/** What the store editor renders. */
export function toStoreEditorView(s: SnapshotFrom<typeof storeEditorMachine>) {
  const c = s.context
  const all = validateStoreForm(c.values, c.country)
  // A field's error shows once it was changed, or everywhere after a save attempt.
  const errors = Object.fromEntries(
    Object.entries(all).filter(([f]) => c.submitted || c.touched.includes(f as never)),
  ) as typeof all
  const franchiseErrors = Object.fromEntries(
    Object.entries(c.franchise ? validateFranchiseForm(c.franchise) : {}).filter(
      ([f]) => c.submitted || c.touched.includes(f as never),
    ),
  ) as ReturnType<typeof validateFranchiseForm>
  return {
    isNew: c.storeId === null,
    values: c.values,
    /** §4 first store: the franchise it creates (null: the merchant has one). */
    franchise: c.franchise,
    franchiseErrors,
    /** The store's currency, set by the franchise's country (shown read-only). */
    currencyCode: c.currencyCode,
    /** The country (alpha-2) that sets it and the phone numbers' rules. */
    country: c.country,
    hours: c.hours,
    hourErrors: weekErrors(c.hours),
    groups: groupWeek(c.hours),
    settings: c.settings,
    errors,
    error: c.error,
    isLoading: s.matches('loading') || s.matches('starting'),
    isLoadFailed: s.matches('loadFailed'),
    isEditing: s.matches('editing'),
    isUploading: s.matches({ editing: 'uploading' }),
    isSaving: s.matches('saving'),
    isDeleting: s.matches('deleting'),
    isConfirmingDelete: s.matches('confirmingDelete'),
    isConfirmingClose: s.matches('confirmingClose'),
    isDone: s.status === 'done',
    hasChanges: hasChanges(c),
    isFindingCities: s.matches({ editing: 'findingCities' }),
    canFindCities: s.matches({ editing: 'idle' }) && storeCoordinates(c.values) !== null,
    /** Suggestions for the city field (null: none asked for these coordinates). */
    nearCities: c.nearCities,
    canSave: s.matches('editing'),
    canDelete: c.storeId !== null && s.matches('editing'),
  }
}
export type StoreEditorView = ReturnType<typeof toStoreEditorView>
