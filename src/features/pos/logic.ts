// The POS integration machine with the app's real actors (src/api), toasts and clipboard. Tests and
// stories hand their own (the same machine with a fake back end) through PosLogicContext.
import { createContext, useContext } from 'react'
import {
  loadAccount,
  loadActivity,
  regenerateSecret,
  saveAccount,
} from '../../../machines/pos-integration/pos-integration.actors'
import { posIntegrationMachine } from '../../../machines/pos-integration/pos-integration.machine'
import { copyText } from '../../ui/copy-text'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type PosLogic = {
  posIntegration: typeof posIntegrationMachine
  notify: (level: 'success' | 'error', id: string) => void
  /** Puts a text on the clipboard; resolves false when the browser refuses. */
  copy: (text: string) => Promise<boolean>
}

export const appPosLogic: PosLogic = {
  posIntegration: posIntegrationMachine.provide({
    actors: { loadAccount, loadActivity, saveAccount, regenerateSecret },
  }),
  notify: (level, id) => notify[level](id as MessageId),
  copy: copyText,
}

export const PosLogicContext = createContext<PosLogic>(appPosLogic)
export const usePosLogic = () => useContext(PosLogicContext)
