// Every machine that has a diagram story, by the name the stories use.
import { accessMachine } from '../../machines/access/access.machine'
import { clientDetailMachine } from '../../machines/client-detail/client-detail.machine'
import { clientFormMachine } from '../../machines/client-form/client-form.machine'
import { clientListMachine } from '../../machines/client-list/client-list.machine'
import { confirmationMachine } from '../../machines/confirmation/confirmation.machine'
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine'
import { loginMachine } from '../../machines/login/login.machine'
import { registerMachine } from '../../machines/register/register.machine'
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { startupMachine } from '../../machines/startup/startup.machine'

export const DIAGRAM_MACHINES = {
  session: sessionMachine,
  startup: startupMachine,
  login: loginMachine,
  access: accessMachine,
  register: registerMachine,
  forgotPassword: forgotPasswordMachine,
  resetPassword: resetPasswordMachine,
  confirmation: confirmationMachine,
  clientList: clientListMachine,
  clientDetail: clientDetailMachine,
  clientForm: clientFormMachine,
}
