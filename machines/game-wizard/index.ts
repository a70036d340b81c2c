export * from './game-wizard.machine'
export { type GameWizardView, toGameWizardView } from './game-wizard.view'
