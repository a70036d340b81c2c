export * from './account'
export {
  pickStore,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  sessionMachine,
} from './session.machine'
export { type SessionView, toSessionView } from './session.view'
