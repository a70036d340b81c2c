export * from './scan.machine'
export { type ScanView, toScanView } from './scan.view'
