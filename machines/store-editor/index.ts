export * from './store-editor.machine'
export { type StoreEditorView, toStoreEditorView } from './store-editor.view'
