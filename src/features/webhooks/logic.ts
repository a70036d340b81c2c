// The webhooks machine with the app's real actors (src/api), toasts and clipboard. Tests and stories
// hand their own (the same machine with a fake back end) through WebhooksLogicContext.
import { createContext, useContext } from 'react'
import {
  deleteEndpoint,
  loadDeliveries,
  loadEndpoints,
  rotateSecret,
  saveEndpoint,
  sendTest,
  toggleEndpoint,
} from '../../../machines/webhooks/webhooks.actors'
import { webhooksMachine } from '../../../machines/webhooks/webhooks.machine'
import { copyText } from '../../ui/copy-text'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type WebhooksLogic = {
  machine: typeof webhooksMachine
  notify: (level: 'success' | 'error', id: string) => void
  /** Puts a text on the clipboard; resolves false when the browser refuses. */
  copy: (text: string) => Promise<boolean>
}

export const appWebhooksLogic: WebhooksLogic = {
  machine: webhooksMachine.provide({
    actors: {
      loadEndpoints,
      saveEndpoint,
      toggleEndpoint,
      deleteEndpoint,
      rotateSecret,
      sendTest,
      loadDeliveries,
    },
  }),
  notify: (level, id) => notify[level](id as MessageId),
  copy: copyText,
}

export const WebhooksLogicContext = createContext<WebhooksLogic>(appWebhooksLogic)
export const useWebhooksLogic = () => useContext(WebhooksLogicContext)
