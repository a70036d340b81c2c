export * from './news-editor.machine'
export * from './news-editor.view'
