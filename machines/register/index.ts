export {
  type RegisterContext,
  type RegisterEvent,
  registerMachine,
  type SignUpInput,
} from './register.machine'
export { type RegisterView, toRegisterView } from './register.view'
