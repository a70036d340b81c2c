export { type LoginContext, type LoginEvent, loginMachine } from './login.machine'
export { toLoginView } from './login.view'
