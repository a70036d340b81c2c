export * from './import.machine'
export { type ImportView, toImportView } from './import.view'
