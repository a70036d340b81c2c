// §3 displayed campaign statuses as badges (finished, in progress, scheduled, canceled, error).
import type { DisplayStatus } from '../../domain/campaign-contract'
import { Badge, type BadgeTone } from '../../ui/Badge'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'

const TONES: Record<DisplayStatus, BadgeTone> = {
  finished: 'success',
  'in progress': 'info',
  scheduled: 'accent',
  canceled: 'neutral',
  error: 'danger',
}
export const statusKey = (s: DisplayStatus) => `communication.status.${s.replace(' ', '-')}` as MessageId

export function StatusBadge({ status }: { status: DisplayStatus }) {
  const t = useT()
  return <Badge tone={TONES[status]}>{t(statusKey(status))}</Badge>
}
