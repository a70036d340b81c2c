// The public gift wheel page (/game/:id?store=…): the play machine and its phone step;
// the user's reduced-motion setting and the page's language are read once, as the machine's input.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import type { ActorRefFrom } from 'xstate'
import { gamePlayMachine } from '../../../machines/game-play/game-play.machine'
import { toGamePlayView } from '../../../machines/game-play/game-play.view'
import type { phoneCodeMachine } from '../../../machines/phone-code/phone-code.machine'
import type { Locale } from '../../domain/locale'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { GamePlayPage } from './GamePlayPage'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

export function GamePlayContainer({ id, storeId }: { id: string; storeId: string | null }) {
  const t = useT()
  const language = useIntl().locale as Locale
  const machine = useProvided(gamePlayMachine)
  const [input] = useState(() => ({ gameId: id, storeId, reducedMotion: prefersReducedMotion(), language }))
  const ref = useActorRef(machine, { input })
  const view = useSelector(ref, (s) => toGamePlayView(s, t('games.wheel.lose')))
  const phoneCode = useSelector(
    ref,
    (s) => s.children.phoneCode as ActorRefFrom<typeof phoneCodeMachine> | undefined,
  )
  return <GamePlayPage view={view} send={ref.send} phoneCode={phoneCode} storeId={storeId} />
}
