import { Dialog as ArkDialog, useDialogContext } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../Button'
import { CloseIcon } from '../icons'

// A panel that slides in from one side of the window (the small-screen navigation, the layout
// settings, the quick panel). Ark's Dialog does the modal work: focus trap, Escape, outside click,
// scroll lock, focus given back to the trigger. Sides are logical: "start" is the left in ltr and the
// right in rtl.

export interface SideDrawerProps {
  side: 'start' | 'end'
  /** The dialog's accessible name, shown as its heading unless `hideHeader`. */
  title: ReactNode
  description?: ReactNode
  /** The button that opens it (Ark's Trigger: aria-expanded, aria-controls). */
  trigger?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Width in pixels; 360 by default. */
  width?: number
  /** Replace the heading row (the content supplies its own title through `SideDrawer.Title`). */
  header?: ReactNode
  children: ReactNode
}

export function SideDrawer({
  side,
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  width = 360,
  header,
  children,
}: SideDrawerProps) {
  const intl = useIntl()
  return (
    <ArkDialog.Root
      lazyMount
      unmountOnExit
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(d) => onOpenChange?.(d.open)}
    >
      {trigger && <ArkDialog.Trigger asChild>{trigger}</ArkDialog.Trigger>}
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner} data-side={side}>
          <ArkDialog.Content
            className={styles.content}
            data-side={side}
            style={{ width: `min(${width}px, 100vw - 48px)` }}
          >
            <div className={styles.header}>
              {header ?? (
                <div className={styles.heading}>
                  <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
                  {description && (
                    <ArkDialog.Description className={styles.description}>
                      {description}
                    </ArkDialog.Description>
                  )}
                </div>
              )}
              <ArkDialog.CloseTrigger asChild>
                <Button
                  variant="ghost"
                  tone="neutral"
                  size="sm"
                  iconOnly
                  aria-label={intl.formatMessage({ id: 'ui.dialog.close' })}
                >
                  <CloseIcon />
                </Button>
              </ArkDialog.CloseTrigger>
            </div>
            <div className={styles.body}>{children}</div>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}

SideDrawer.Title = ArkDialog.Title

/** Inside a drawer: a function that closes it (links that navigate away). */
export function useCloseDrawer(): () => void {
  const dialog = useDialogContext()
  return () => dialog.setOpen(false)
}

const styles = {
  backdrop: css({
    position: 'fixed',
    inset: '0',
    bg: 'bg.overlay',
    zIndex: 1300,
    _open: { animation: 'fade-in {durations.normal} {easings.default}' },
    _closed: { animation: 'fade-out {durations.fast} {easings.default}' },
  }),
  positioner: css({
    position: 'fixed',
    inset: '0',
    zIndex: 1400,
    display: 'flex',
    justifyContent: 'flex-start',
    // Panda's classes are atomic: two classes setting one property win by stylesheet order, not by
    // class order, so the side is a selector on the same rule (a second class once put the end
    // panel on the start side).
    '&[data-side=end]': { justifyContent: 'flex-end' },
  }),
  content: css({
    display: 'flex',
    flexDirection: 'column',
    height: '100dvh',
    bg: 'bg.default',
    boxShadow: 'lg',
    outline: 'none',
    _open: { animation: 'drawer-in {durations.slow} {easings.emphasized}' },
    _closed: { animation: 'drawer-out {durations.normal} {easings.default}' },
    // Where the panel slides from, mirrored in right-to-left.
    '&[data-side=start]': {
      '--drawer-offset': '-100%',
      borderInlineEndWidth: '1px',
      _rtl: { '--drawer-offset': '100%' },
    },
    '&[data-side=end]': {
      '--drawer-offset': '100%',
      borderInlineStartWidth: '1px',
      _rtl: { '--drawer-offset': '-100%' },
    },
  }),
  header: css({
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: '3',
    px: '5',
    pt: '5',
    pb: '4',
    borderBottomWidth: '1px',
  }),
  heading: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' }),
  description: css({ textStyle: 'sm', color: 'fg.muted' }),
  body: css({ flex: '1', overflowY: 'auto', px: '5', py: '5' }),
}
