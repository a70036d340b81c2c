// The merchant page's row actions and dialogs machine: its input, context and events (kept apart from
// the machine, as zag does): the machine, its actors, its view and the pages read them.
import type {
  FranchiseForm,
  FranchiseOwnerForm,
  FranchiseOwnerFormErrors,
  MerchantRow,
} from '../../src/domain/admin'

export type MerchantActionsInput = {
  /** The signed-in administrator (the impostor token names it). */
  adminId: string
}

export type RowAction = 'activate' | 'deactivate' | 'connect' | 'addFranchise'
/** In the create dialog: invite the owner now, or create the franchise alone (its owner comes later). */
export type OwnerTiming = 'now' | 'later'
export type CreateFranchiseInput = { values: FranchiseForm; userId?: string | undefined }

export type MerchantActionsContext = {
  adminId: string
  /** The row an action is confirmed for or runs on, and which action. */
  target: { id: string; action: RowAction; row: MerchantRow } | null
  /** The open dialog's fields (the add-franchise dialog uses the title and country only). */
  form: FranchiseOwnerForm
  ownerTiming: OwnerTiming
  formErrors: FranchiseOwnerFormErrors
  formError: string | null
}

export type MerchantActionsEvent =
  | { type: 'merchants.subscription'; row: MerchantRow }
  | { type: 'merchants.connectAs'; row: MerchantRow }
  | { type: 'merchants.create' }
  | { type: 'merchants.addFranchise'; row: MerchantRow }
  | { type: 'form.change'; field: keyof FranchiseOwnerForm; value: string }
  | { type: 'form.ownerTiming'; value: OwnerTiming }
  | { type: 'form.submit' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
