// The merchant list machine's constants, input, context and events (kept apart from the machine, as
// zag does): the machine, its actors, its view and the pages read them.
import type {
  FranchiseForm,
  FranchiseOwnerForm,
  FranchiseOwnerFormErrors,
  MerchantPage,
  MerchantRow,
} from '../../src/domain/admin'
import type { ListAnswer, PagedListEvent } from '../paged-list/paged-list'
import type { MerchantQuery } from './query'

export const MERCHANTS_SEARCH_DEBOUNCE_MS = 400

export type AdminMerchantsInput = {
  /** The address's search part when the page opens. */
  location: string
  /** The signed-in administrator (the impostor token names it). */
  adminId: string
}

export type ListMerchantsInput = { query: MerchantQuery; requestId: number }
export type ListMerchantsOutput = ListAnswer<MerchantPage>
export type RowAction = 'activate' | 'deactivate' | 'connect' | 'addFranchise'
/** In the create dialog: invite the owner now, or create the franchise alone (its owner comes later). */
export type OwnerTiming = 'now' | 'later'
export type CreateFranchiseInput = { values: FranchiseForm; userId?: string | undefined }

export type AdminMerchantsContext = {
  adminId: string
  query: MerchantQuery
  searchInput: string
  rows: MerchantRow[]
  total: number
  /** §8: the HTTP status of the failed list call (0: the server could not be reached). */
  errorCode: number | null
  requestId: number
  /** The row an action is confirmed for or runs on, and which action. */
  target: { id: string; action: RowAction } | null
  /** The open dialog's fields (the add-franchise dialog uses the title and country only). */
  form: FranchiseOwnerForm
  ownerTiming: OwnerTiming
  formErrors: FranchiseOwnerFormErrors
  formError: string | null
}

export type AdminMerchantsEvent =
  /** query.change, query.searchApplied, merchants.search, merchants.searchNow, .page and .retry. */
  | PagedListEvent<'merchants'>
  | { type: 'merchants.sort'; field: string }
  | { type: 'merchants.size'; size: number }
  | { type: 'merchants.subscription'; id: string }
  | { type: 'merchants.connectAs'; id: string }
  | { type: 'merchants.create' }
  | { type: 'merchants.addFranchise'; id: string }
  | { type: 'form.change'; field: keyof FranchiseOwnerForm; value: string }
  | { type: 'form.ownerTiming'; value: OwnerTiming }
  | { type: 'form.submit' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  /** Raised after a franchise is created: the list asks again. */
  | { type: 'merchants.reload' }
