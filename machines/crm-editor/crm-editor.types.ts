// The builder machine's input, context and events (crm-editor.machine.ts).
import type { CrmField } from '../../src/domain/crm'
import type { CrmLimit } from './crm-editor.fields'

export type CrmEditorInput = { franchiseId: string }

export type SaveFormInput = { franchiseId: string; version: number; fields: CrmField[] }
export type DeleteFieldInput = { franchiseId: string; localId: string; version: number }

export type CrmEditorContext = {
  franchiseId: string
  /** The version the draft was loaded (or last saved) at: a save on an older one is refused. */
  version: number
  /** The draft: static fields first, then the merchant's in order (archived ones included). */
  fields: CrmField[]
  /** The merchant's fields as stored (loaded or saved): only a field archived there can be deleted. */
  saved: CrmField[]
  selectedId: string | null
  /** A save was tried on an invalid form: every error shows (a new field's empty label too). */
  showErrors: boolean
  /** A message id when loading failed. */
  error: string | null
  /** The newer version a save or a delete met (409). */
  conflictVersion: number | null
  /** The field being deleted for good, and how many clients have a value for it. */
  target: { localId: string; label: string } | null
  valueCount: number | null
  leaveTo: string | null
}

type Id = { localId: string }
export type CrmEditorEvent =
  | { type: 'crm.retry' }
  | { type: 'field.add' }
  | ({ type: 'field.select' } & Id)
  | ({ type: 'field.label'; label: string } & Id)
  | ({ type: 'field.type'; fieldType: CrmField['validation']['type'] } & Id)
  | ({ type: 'field.required'; isRequired: boolean } & Id)
  | ({ type: 'field.limit'; limit: CrmLimit; value: string } & Id)
  | ({ type: 'field.archive' } & Id)
  | ({ type: 'field.unarchive' } & Id)
  /** To a position among the merchant's fields (the drag's drop, or one step by the keyboard). */
  | ({ type: 'field.move'; to: number } & Id)
  | ({ type: 'field.delete' } & Id)
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'form.save' }
  | { type: 'form.reload' }
  | { type: 'conflict.dismiss' }
  /** A link followed (`to`) or the page left while edited: asks first. */
  | { type: 'crm.leave'; to?: string | null }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  /** Raised by every change and every save: the edited flag follows them. */
  | { type: 'crm.edited' }
  | { type: 'crm.clean' }
