export {
  type RegisterConfirmContext,
  type RegisterConfirmEvent,
  type RegisterConfirmInput,
  registerConfirmMachine,
} from './register-confirm.machine'
export { type RegisterConfirmView, toRegisterConfirmView } from './register-confirm.view'
