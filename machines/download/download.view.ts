import type { SnapshotFrom } from 'xstate'
import type { downloadMachine } from './download.machine'

/** What a download link renders: busy while its ticket comes, a message and retry when it failed. */
export function toDownloadView(s: SnapshotFrom<typeof downloadMachine>) {
  return {
    isBusy: s.matches('ticketing'),
    isFailed: s.matches('failed'),
    canRetry: s.can({ type: 'download.retry' }),
  }
}
export type DownloadView = ReturnType<typeof toDownloadView>
