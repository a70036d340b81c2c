export * from './game-history.machine'
export { type GameHistoryView, toGameHistoryView } from './game-history.view'
export * from './query'
