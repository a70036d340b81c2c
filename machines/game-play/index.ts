export * from './game-play.machine'
export { type GamePlayView, toGamePlayView } from './game-play.view'
