export {
  type ClientListContext,
  type ClientListEvent,
  type ClientListInput,
  clientListMachine,
  type ListClientsInput,
  type ListClientsOutput,
  SEARCH_DEBOUNCE_MS,
} from './client-list.machine'
export { type ClientListView, toClientListView } from './client-list.view'
export * from './query'
