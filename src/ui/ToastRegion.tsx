// The toasts on screen: each one translated when shown, in the current language, with its close button.
import { Portal } from '@ark-ui/react/portal'
import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { cx } from 'styled-system/css'
import { toast as toastRecipe } from 'styled-system/recipes'
import { Button } from './Button'
import type { MessageId } from './i18n/messages'
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon, WarningIcon } from './icons'
import { type IntlMeta, type ToastType, toaster, type Values } from './toaster'

const icons: Record<ToastType, ReactNode> = {
  success: <CheckCircleIcon />,
  error: <ErrorCircleIcon />,
  info: <InfoIcon />,
  warning: <WarningIcon />,
}

const isToastType = (value: unknown): value is ToastType =>
  value === 'success' || value === 'error' || value === 'info' || value === 'warning'

/** The toaster's notifications in a portal (see Toaster in Toast.tsx). */
export default function ToastRegion() {
  const intl = useIntl()
  const slots = toastRecipe()
  const text = (value: ReactNode, meta: IntlMeta | undefined, values?: Values) =>
    meta?.intl && typeof value === 'string' ? intl.formatMessage({ id: value as MessageId }, values) : value
  return (
    <Portal>
      <ArkToaster
        toaster={toaster}
        className={slots.group}
        aria-label={intl.formatMessage({ id: 'ui.toast.region' })}
      >
        {(item) => {
          const meta = item.meta as IntlMeta | undefined
          const type = isToastType(item.type) ? item.type : 'info'
          return (
            // The root is drawn from the toast's own props rather than Toast.Root, which adds two empty
            // "ghost" elements to every toast (hover bridges for overlapping stacks; ours never overlap).
            <Toast.Context key={item.id}>
              {(api) => (
                <div {...api.getRootProps()} className={slots.root}>
                  <span className={slots.icon}>{icons[type]}</span>
                  <div className={slots.content}>
                    {item.title && (
                      <Toast.Title className={slots.title}>
                        {text(item.title, meta, meta?.values)}
                      </Toast.Title>
                    )}
                    {item.description && (
                      <Toast.Description className={slots.description}>
                        {text(item.description, meta, meta?.descriptionValues)}
                      </Toast.Description>
                    )}
                    {item.action && (
                      <Toast.ActionTrigger className={slots.actionTrigger}>
                        {item.action.label}
                      </Toast.ActionTrigger>
                    )}
                  </div>
                  <Toast.CloseTrigger asChild className={cx(slots.closeTrigger)}>
                    <Button
                      variant="ghost"
                      tone="neutral"
                      size="sm"
                      iconOnly
                      aria-label={intl.formatMessage({ id: 'ui.toast.close' })}
                    >
                      <CloseIcon />
                    </Button>
                  </Toast.CloseTrigger>
                </div>
              )}
            </Toast.Context>
          )
        }}
      </ArkToaster>
    </Portal>
  )
}
