export * from './automation-editor.machine'
export * from './automation-editor.view'
