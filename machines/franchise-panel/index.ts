export * from './franchise-panel.machine'
export { type FranchisePanelView, toFranchisePanelView } from './franchise-panel.view'
