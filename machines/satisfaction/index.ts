export {
  type LoadSatisfactionInput,
  type SatisfactionContext,
  type SatisfactionEvent,
  satisfactionMachine,
} from './satisfaction.machine'
export { type SatisfactionView, toSatisfactionView } from './satisfaction.view'
