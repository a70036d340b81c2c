export * from './client-form'
export {
  type ClientFormContext,
  type ClientFormEvent,
  type ClientFormInput,
  type ClientFormMode,
  type ClientFormOutput,
  clientFormMachine,
  type SaveClientInput,
} from './client-form.machine'
export { type ClientFormView, toClientFormView } from './client-form.view'
