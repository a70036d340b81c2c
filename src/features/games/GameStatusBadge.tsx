import type { GameStatus } from '../../domain/game-wheel'
import { Badge } from '../../ui/Badge'
import { useT } from '../../ui/i18n/t'

const TONES = { ACTIVE: 'success', ENDED: 'neutral', DISABLED: 'warning' } as const
const KEYS = {
  ACTIVE: 'games.status.active',
  ENDED: 'games.status.ended',
  DISABLED: 'games.status.disabled',
} as const

export function GameStatusBadge({ status }: { status: GameStatus }) {
  const t = useT()
  return <Badge tone={TONES[status]}>{t(KEYS[status])}</Badge>
}
