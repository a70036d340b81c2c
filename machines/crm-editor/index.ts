export * from './crm-editor.fields'
export * from './crm-editor.machine'
export * from './crm-editor.view'
