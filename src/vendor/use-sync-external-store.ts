// React 18+ has useSyncExternalStore itself: @xstate/react's import of the pre-18 shim resolves here
// (vite.config.ts), which keeps the shim out of every page's first download.
export { useSyncExternalStore } from 'react'
