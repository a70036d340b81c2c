// Store owners (/pages/owners, SPEC §6/§7 "Owners"): one list of machines/paged-list. The query (search,
// page, size) lives in the address; the search waits for a pause (Enter applies it at once) and goes back
// to the first page. The dialogs (create, stores, invitation, unlink) are owners-actions; a change made
// there sends `list.reload`.
import type { SnapshotFrom } from 'xstate'
import { OWNER_PAGE_SIZES, type OwnerPage } from '../../src/domain/owners'
import {
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listOwners } from './owners.actors'
import {
  DEFAULT_OWNERS_QUERY,
  OWNERS_SEARCH_MAX,
  type OwnersQuery,
  parseOwnersQuery,
  serializeOwnersQuery,
} from './query'

export const OWNERS_SEARCH_DEBOUNCE_MS = 400

/** The owners of the caller's franchise: no parameter besides the query (the session scopes it). */
export type OwnersParams = Record<string, never>
export type OwnersListInput = ListInput<OwnersParams>
export type ListOwnersInput = LoadPageInput<OwnersQuery, OwnersParams>
export type ListOwnersOutput = ListAnswer<OwnerPage>
export type OwnersListEvent = ListEvent<OwnersQuery>

const isOwnersFiltered = (q: OwnersQuery) => q.search !== ''

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const ownersList: ListDefinition<OwnersQuery, OwnerPage, null> = {
  id: 'owners',
  parse: parseOwnersQuery,
  serialize: serializeOwnersQuery,
  pageSizes: OWNER_PAGE_SIZES,
  search: {
    of: (q) => q.search,
    with: (q, search) => ({ ...q, search, page: DEFAULT_OWNERS_QUERY.page }),
    max: OWNERS_SEARCH_MAX,
    debounceMs: OWNERS_SEARCH_DEBOUNCE_MS,
  },
  isFiltered: isOwnersFiltered,
  extra: { initial: null, of: () => null },
  errorKey: 'ownersManagement.errors.load',
}
export const ownersListMachine = createListMachine<OwnersQuery, OwnerPage, OwnersParams, null>(
  ownersList,
  listOwners,
)
export type OwnersListContext = SnapshotFrom<typeof ownersListMachine>['context']

/** What the owners page renders of its list. */
export const toOwnersListView = (s: SnapshotFrom<typeof ownersListMachine>) => toListView(s, isOwnersFiltered)
export type OwnersListView = ReturnType<typeof toOwnersListView>
