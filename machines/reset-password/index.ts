export {
  type ResetPasswordContext,
  type ResetPasswordEvent,
  type ResetPasswordInput,
  resetPasswordMachine,
} from './reset-password.machine'
export { type ResetPasswordView, toResetPasswordView } from './reset-password.view'
