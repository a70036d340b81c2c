export {
  type ConfirmationContext,
  type ConfirmationEvent,
  confirmationMachine,
  type Offer,
  type Plan,
} from './confirmation.machine'
export { type ConfirmationStep, type ConfirmationView, toConfirmationView } from './confirmation.view'
