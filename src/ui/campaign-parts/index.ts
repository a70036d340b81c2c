// Small pieces the campaign and automated-marketing screens share (moved from features/campaigns for
// issue 20), one part per file: a field bound to the editor's errors, a checkbox group, a radio group,
// a section box, their styles, and the message of a rule's error code.
export { Checkboxes } from './Checkboxes'
export { errorId, useErrorText } from './error-text'
export { Input } from './Input'
export { Radios } from './Radios'
export { Section } from './Section'
export { styles } from './styles'
