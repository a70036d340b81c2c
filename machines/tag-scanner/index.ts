export * from './tag-scanner.machine'
export { type TagScannerView, toTagScannerView } from './tag-scanner.view'
