export { type StartupContext, type StartupInput, startupMachine } from './startup.machine'
export { toStartupView } from './startup.view'
