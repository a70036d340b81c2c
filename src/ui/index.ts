// The design system: Ark UI parts styled by the Panda recipes of src/ui/theme (see panda.config.ts).
export { BrandMark } from './BrandMark'
export { Button, type ButtonProps } from './Button'
export { Checkboxes, errorId, Input, Radios, Section, useErrorText } from './campaign-parts'
export { ConfirmDialog, type ConfirmDialogProps, Dialog, type DialogPanelProps } from './Dialog'
export { Field, TextField, type TextFieldProps } from './Field'
export { FormDialog, type FormDialogProps } from './FormDialog'
export * from './icons'
export { PasswordInput, type PasswordInputProps } from './PasswordInput'
export { SearchField, type SearchFieldProps } from './SearchField'
export { Spinner } from './Spinner'
export { type SortableHeaderProps, type SortDirection, Table, type TableRootProps } from './Table'
export { Tabs } from './Tabs'
export {
  type NotifyOptions,
  notify,
  TOAST_DURATION_MS,
  TOAST_PLACEMENT,
  Toaster,
  type ToastType,
  toaster,
} from './Toast'
