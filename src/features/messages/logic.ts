// The messages page's machine with the app's real actors (src/api). Tests and stories hand their own
// (the same machine with a fake back end) through MessagesLogicContext.
import { createContext, useContext } from 'react'
import {
  browserLocation,
  type LocationSource,
  listMessages,
} from '../../../machines/messages-list/messages-list.actors'
import { messagesListMachine } from '../../../machines/messages-list/messages-list.list'

export type MessagesLogic = {
  messages: typeof messagesListMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
}

export const appMessagesLogic: MessagesLogic = {
  messages: messagesListMachine.provide({ actors: { loadPage: listMessages } }),
  location: browserLocation,
}

export const MessagesLogicContext = createContext<MessagesLogic>(appMessagesLogic)
export const useMessagesLogic = () => useContext(MessagesLogicContext)
