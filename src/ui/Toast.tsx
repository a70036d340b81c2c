import { Portal } from '@ark-ui/react/portal'
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { cx } from 'styled-system/css'
import { toast as toastRecipe } from 'styled-system/recipes'
import { Button } from './Button'
import type { MessageId } from './i18n/messages'
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon, WarningIcon } from './icons'

export type ToastType = 'success' | 'error' | 'info' | 'warning'

/** Notification defaults of SPEC §8: bottom right, 3 s. */
export const TOAST_PLACEMENT = 'bottom-end'
export const TOAST_DURATION_MS = 3000

/**
 * The app's single toast store. It lives outside React so machines' actions can notify without a
 * hook; <Toaster /> (mounted once in the app and in Storybook) renders what it holds.
 */
export const toaster = createToaster({
  placement: TOAST_PLACEMENT,
  duration: TOAST_DURATION_MS,
  gap: 12,
  max: 5,
  overlap: false,
})

type Values = Record<string, string | number | boolean | Date | null | undefined>

interface IntlMeta {
  // The toast holds message ids, not text: it is translated when shown, in the current language.
  intl: true
  values?: Values
  descriptionValues?: Values
}

export interface NotifyOptions {
  values?: Values
  description?: MessageId
  descriptionValues?: Values
  /** Milliseconds; defaults to 3 s. */
  duration?: number
}

const notifyWith =
  (type: ToastType) =>
  (id: MessageId, { values, description, descriptionValues, duration }: NotifyOptions = {}) =>
    toaster.create({
      type,
      title: id,
      description,
      duration,
      closable: true,
      meta: { intl: true, values, descriptionValues } satisfies IntlMeta,
    })

/** Show a translated notification: `notify.error('errors.generic')`. Returns the toast id. */
export const notify = {
  success: notifyWith('success'),
  error: notifyWith('error'),
  info: notifyWith('info'),
  warning: notifyWith('warning'),
}

const icons: Record<ToastType, ReactNode> = {
  success: <CheckCircleIcon />,
  error: <ErrorCircleIcon />,
  info: <InfoIcon />,
  warning: <WarningIcon />,
}

const isToastType = (value: unknown): value is ToastType =>
  value === 'success' || value === 'error' || value === 'info' || value === 'warning'

/** Renders the toaster's notifications in a portal; mount it once near the root. */
export function Toaster() {
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
            <Toast.Root key={item.id} className={slots.root}>
              <span className={slots.icon}>{icons[type]}</span>
              <div className={slots.content}>
                {item.title && (
                  <Toast.Title className={slots.title}>{text(item.title, meta, meta?.values)}</Toast.Title>
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
            </Toast.Root>
          )
        }}
      </ArkToaster>
    </Portal>
  )
}
