export * from './scanner-select.machine'
export { type ScannerSelectView, toScannerSelectView } from './scanner-select.view'
