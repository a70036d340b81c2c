export {
  type ClientCreateContext,
  type ClientCreateEvent,
  type ClientCreateInput,
  clientCreateMachine,
} from './client-create.machine'
export {
  type ClientListContext,
  type ClientListEvent,
  type ClientListExtra,
  type ClientListInput,
  type ClientListParams,
  type ClientListView,
  clientList,
  clientListMachine,
  type ListClientsInput,
  type ListClientsOutput,
  SEARCH_DEBOUNCE_MS,
  toClientListView,
} from './client-list.list'
export * from './query'
