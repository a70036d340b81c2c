export * from './phone-code.machine'
export { type PhoneCodeView, toPhoneCodeView } from './phone-code.view'
