// The game screens' machines with the app's real actors (src/api) and effects. Tests and stories hand
// their own (the same machines with a fake back end) through GamesLogicContext.
import { createContext, useContext } from 'react'
import * as detail from '../../../machines/game-detail/game-detail.actors'
import { gameDetailMachine } from '../../../machines/game-detail/game-detail.machine'
import {
  browserLocation,
  type LocationSource,
  listGames,
} from '../../../machines/game-history/game-history.actors'
import { gameHistoryMachine } from '../../../machines/game-history/game-history.machine'
import { loadGame, saveGame } from '../../../machines/game-wizard/game-wizard.actors'
import { gameWizardMachine } from '../../../machines/game-wizard/game-wizard.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export const GAME_PATHS = {
  history: '/pages/games/history',
  create: '/pages/games/new',
  detail: (id: string) => `/pages/games/${encodeURIComponent(id)}`,
  edit: (id: string) => `/pages/games/${encodeURIComponent(id)}/edit`,
  /** The public play page (a link or a QR code per game and store). */
  play: (id: string, storeId?: string) =>
    `/game/${encodeURIComponent(id)}${storeId ? `?store=${encodeURIComponent(storeId)}` : ''}`,
} as const

export type GamesLogic = {
  wizard: typeof gameWizardMachine
  history: typeof gameHistoryMachine
  detail: typeof gameDetailMachine
  location: LocationSource
  notify: (level: 'success' | 'error', id: MessageId) => void
  now: () => Date
}

export const appGamesLogic: GamesLogic = {
  wizard: gameWizardMachine.provide({ actors: { saveGame, loadGame } }),
  history: gameHistoryMachine.provide({ actors: { listGames } }),
  detail: gameDetailMachine.provide({
    actors: { loadInfo: detail.loadInfo, loadRewards: detail.loadRewards, setDisabled: detail.setDisabled },
  }),
  location: browserLocation,
  notify: (level, id) => notify[level](id),
  now: () => new Date(),
}

export const GamesLogicContext = createContext<GamesLogic>(appGamesLogic)
export const useGamesLogic = () => useContext(GamesLogicContext)
