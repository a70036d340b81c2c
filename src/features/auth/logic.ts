// The auth pages' machines with the app's real actors and effects. Tests and stories hand their own
// (the same machines with fake actors) through AuthLogicContext, as they do for the session.
import { createContext, useContext } from 'react'
import { acceptTerms, loadOffer } from '../../../machines/confirmation/confirmation.actors'
import { confirmationMachine } from '../../../machines/confirmation/confirmation.machine'
import { requestPasswordReset } from '../../../machines/forgot-password/forgot-password.actors'
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine'
import { signUp } from '../../../machines/register/register.actors'
import { registerMachine } from '../../../machines/register/register.machine'
import { confirmSignUp } from '../../../machines/register-confirm/register-confirm.actors'
import { registerConfirmMachine } from '../../../machines/register-confirm/register-confirm.machine'
import { resetPassword } from '../../../machines/reset-password/reset-password.actors'
import { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine'

export type AuthLogic = {
  register: typeof registerMachine
  registerConfirm: typeof registerConfirmMachine
  forgotPassword: typeof forgotPasswordMachine
  resetPassword: typeof resetPasswordMachine
  confirmation: typeof confirmationMachine
}

export const appAuthLogic: AuthLogic = {
  register: registerMachine.provide({ actors: { signUp } }),
  registerConfirm: registerConfirmMachine.provide({ actors: { confirmSignUp } }),
  forgotPassword: forgotPasswordMachine.provide({ actors: { requestPasswordReset } }),
  resetPassword: resetPasswordMachine.provide({ actors: { resetPassword } }),
  confirmation: confirmationMachine.provide({
    actors: { acceptTerms, loadOffer },
    actions: { loadPage: (_, p: { url: string }) => window.location.assign(p.url) },
  }),
}

export const AuthLogicContext = createContext<AuthLogic>(appAuthLogic)
export const useAuthLogic = () => useContext(AuthLogicContext)
