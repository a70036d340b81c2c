import { lazy, Suspense } from 'react'

export {
  type IntlMeta,
  type NotifyOptions,
  notify,
  TOAST_DURATION_MS,
  TOAST_PLACEMENT,
  type ToastType,
  toaster,
  type Values,
} from './toaster'

// The region that shows the toasts loads after the first page (a toast created meanwhile waits in the
// store and shows once it is there).
const ToastRegion = lazy(() => import('./ToastRegion'))

/** Renders the toaster's notifications in a portal; mount it once near the root. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  )
}
