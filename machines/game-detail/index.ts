export * from './game-detail.machine'
export { type GameDetailView, toGameDetailView } from './game-detail.view'
