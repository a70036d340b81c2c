export {
  type AccessContext,
  type AccessEvent,
  accessMachine,
  type Location,
  redirectFor,
  type Subject,
} from './access.machine'
export { toAccessView } from './access.view'
