// The opinion screens' machines with the app's real actors (src/api) and toasts. Tests and stories hand
// their own (the same machines with a fake back end) through OpinionsLogicContext.
import { createContext, useContext } from 'react'
import { loadSatisfaction } from '../../../machines/satisfaction/satisfaction.actors'
import { satisfactionMachine } from '../../../machines/satisfaction/satisfaction.machine'
import { listOpinions, saveReply } from '../../../machines/store-opinions/store-opinions.actors'
import { storeOpinionsMachine } from '../../../machines/store-opinions/store-opinions.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type OpinionsLogic = {
  satisfaction: typeof satisfactionMachine
  storeOpinions: typeof storeOpinionsMachine
  /** A toast (§8 message ids). */
  notify: (level: 'success' | 'error', id: string) => void
}

export const appOpinionsLogic: OpinionsLogic = {
  satisfaction: satisfactionMachine.provide({ actors: { loadSatisfaction } }),
  storeOpinions: storeOpinionsMachine.provide({ actors: { listOpinions, saveReply } }),
  notify: (level, id) => notify[level](id as MessageId),
}

export const OpinionsLogicContext = createContext<OpinionsLogic>(appOpinionsLogic)
export const useOpinionsLogic = () => useContext(OpinionsLogicContext)

export const storeOpinionsPath = (storeId: string) => `/pages/stores/${storeId}/opinions`
export const SATISFACTION_PATH = '/pages/satisfaction'
