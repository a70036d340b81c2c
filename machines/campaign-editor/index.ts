export * from './campaign-editor.machine'
export { type CampaignEditorView, toCampaignEditorView } from './campaign-editor.view'
