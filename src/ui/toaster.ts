// The app's toast store and notify(), apart from the region that renders them (Toast.tsx loads that
// lazily, and the region reads this store: neither imports the other back).
import { createToaster } from '@ark-ui/react/toast'
import type { MessageId } from './i18n/messages'

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

export type Values = Record<string, string | number | boolean | Date | null | undefined>

export interface IntlMeta {
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
