import { Dialog as ArkDialog, useDialogContext } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import { Portal } from '@ark-ui/react/portal'
import { type ComponentProps, type ReactNode, type RefObject, useRef } from 'react'
import { useIntl } from 'react-intl'
import { createStyleContext } from 'styled-system/jsx'
import { dialog } from 'styled-system/recipes'
import { Button } from './Button'
import { CloseIcon } from './icons'

// Ark's Dialog does the hard parts (focus trap, Escape, outside click, scroll lock, aria-modal,
// title/description ids, focus restore); the recipe styles each part.
const { withRootProvider, withContext } = createStyleContext(dialog)

// Lazy mount + unmount on exit keep closed dialogs out of the DOM (and out of tests' queries).
const Root = withRootProvider(ArkDialog.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } })
const RootProvider = withRootProvider(ArkDialog.RootProvider, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
})
const Trigger = ArkDialog.Trigger
const Backdrop = withContext(ArkDialog.Backdrop, 'backdrop')
const Positioner = withContext(ArkDialog.Positioner, 'positioner')
const Content = withContext(ArkDialog.Content, 'content')
const Title = withContext(ArkDialog.Title, 'title')
const Description = withContext(ArkDialog.Description, 'description')
const CloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger')
const Header = withContext(ark.div, 'header')
const Body = withContext(ark.div, 'body')
const Footer = withContext(ark.div, 'footer')

/** The × button in the corner, with a translated accessible name. */
function CloseButton() {
  const intl = useIntl()
  return (
    <CloseTrigger asChild>
      <Button
        variant="ghost"
        tone="neutral"
        size="sm"
        iconOnly
        aria-label={intl.formatMessage({ id: 'ui.dialog.close' })}
      >
        <CloseIcon />
      </Button>
    </CloseTrigger>
  )
}

export interface DialogPanelProps extends ComponentProps<typeof Content> {
  /** Hide the corner close button (e.g. a confirm dialog that must be answered with its buttons). */
  hideCloseButton?: boolean
}

/** Portal + backdrop + centred content + close button: what nearly every dialog of the product needs. */
function Panel({ children, hideCloseButton = false, ...props }: DialogPanelProps) {
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Content data-has-close={hideCloseButton ? undefined : ''} {...props}>
          {children}
          {!hideCloseButton && <CloseButton />}
        </Content>
      </Positioner>
    </Portal>
  )
}

export const Dialog = {
  Root,
  RootProvider,
  Trigger,
  Backdrop,
  Positioner,
  Content,
  Title,
  Description,
  CloseTrigger,
  CloseButton,
  Header,
  Body,
  Footer,
  Panel,
}

export interface ConfirmDialogProps {
  title: ReactNode
  description?: ReactNode
  /** Label of the confirm button; "Confirm" by default. */
  confirmLabel?: ReactNode
  cancelLabel?: ReactNode
  /** Red confirm button, `alertdialog` role and initial focus on Cancel, so Enter never destroys data. */
  destructive?: boolean
  /** The action is running: the confirm button spins and the dialog cannot be dismissed. */
  loading?: boolean
  onConfirm: () => void
  /** Controlled mode (a machine owns the open state). Without `open`, the dialog closes itself on confirm. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Element that opens the dialog (rendered as Ark's Trigger). */
  trigger?: ReactNode
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  loading = false,
  onConfirm,
  open,
  defaultOpen,
  onOpenChange,
  trigger,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Root
      size="sm"
      role={destructive ? 'alertdialog' : 'dialog'}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(details) => onOpenChange?.(details.open)}
      initialFocusEl={destructive ? () => cancelRef.current : undefined}
      closeOnEscape={!loading}
      closeOnInteractOutside={!loading}
    >
      {trigger && <Trigger asChild>{trigger}</Trigger>}
      <Panel hideCloseButton>
        <Header>
          <Title>{title}</Title>
          {description && <Description>{description}</Description>}
        </Header>
        <ConfirmFooter
          cancelRef={cancelRef}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          destructive={destructive}
          loading={loading}
          closeOnConfirm={open === undefined}
          onConfirm={onConfirm}
        />
      </Panel>
    </Root>
  )
}

function ConfirmFooter({
  cancelRef,
  confirmLabel,
  cancelLabel,
  destructive,
  loading,
  closeOnConfirm,
  onConfirm,
}: {
  cancelRef: RefObject<HTMLButtonElement | null>
  confirmLabel?: ReactNode
  cancelLabel?: ReactNode
  destructive: boolean
  loading: boolean
  closeOnConfirm: boolean
  onConfirm: () => void
}) {
  const intl = useIntl()
  const api = useDialogContext()
  return (
    <Footer>
      {/* Ark's unstyled CloseTrigger: the styled one is positioned in the corner. */}
      <ArkDialog.CloseTrigger asChild>
        <Button ref={cancelRef} variant="outline" tone="neutral" disabled={loading}>
          {cancelLabel ?? intl.formatMessage({ id: 'common.cancel' })}
        </Button>
      </ArkDialog.CloseTrigger>
      <Button
        tone={destructive ? 'danger' : 'accent'}
        loading={loading}
        onClick={() => {
          onConfirm()
          if (closeOnConfirm) api.setOpen(false)
        }}
      >
        {confirmLabel ?? intl.formatMessage({ id: 'common.confirm' })}
      </Button>
    </Footer>
  )
}
