export {
  EMPTY_OWNER_FORM,
  type ListOwnersInput,
  type ListOwnersOutput,
  OWNERS_SEARCH_DEBOUNCE_MS,
  type OwnersContext,
  type OwnersEvent,
  type OwnersInput,
  ownersMachine,
} from './owners.machine'
export { type OwnersView, toOwnersView } from './owners.view'
export * from './query'
