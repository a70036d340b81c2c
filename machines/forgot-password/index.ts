export {
  type ForgotPasswordContext,
  type ForgotPasswordEvent,
  forgotPasswordMachine,
} from './forgot-password.machine'
export { type ForgotPasswordView, toForgotPasswordView } from './forgot-password.view'
