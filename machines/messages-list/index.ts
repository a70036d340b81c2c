export {
  type ListMessagesInput,
  type ListMessagesOutput,
  MESSAGES_SEARCH_DEBOUNCE_MS,
  type MessagesContext,
  type MessagesEvent,
  type MessagesInput,
  messagesListMachine,
} from './messages-list.machine'
export { type MessagesView, toMessagesView } from './messages-list.view'
export * from './query'
