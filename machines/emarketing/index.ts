export { emarketingActors } from './emarketing.actors'
export { emarketingMachine } from './emarketing.machine'
export { type EmarketingView, toEmarketingView } from './emarketing.view'
