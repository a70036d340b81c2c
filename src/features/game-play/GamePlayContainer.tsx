// The public gift wheel page (/game/:id?store=…): the play machine for this game with the real calls;
// the user's reduced-motion setting is read once, as the machine's input.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { loadGame, phoneCodeFor, spin } from '../../../machines/game-play/game-play.actors'
import { gamePlayMachine } from '../../../machines/game-play/game-play.machine'
import { toGamePlayView } from '../../../machines/game-play/game-play.view'
import type { phoneCodeMachine } from '../../../machines/phone-code/phone-code.machine'
import { useT } from '../../ui/i18n/t'
import { GamePlayPage } from './GamePlayPage'

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

export function GamePlayContainer({ id, storeId }: { id: string; storeId: string | null }) {
  const t = useT()
  const [machine] = useState(() =>
    gamePlayMachine.provide({ actors: { loadGame, spin, phoneCode: phoneCodeFor(id) } }),
  )
  const [input] = useState(() => ({ gameId: id, storeId, reducedMotion: prefersReducedMotion() }))
  const ref = useActorRef(machine, { input })
  const view = useSelector(ref, (s) => toGamePlayView(s, t('games.wheel.lose')))
  const phoneCode = useSelector(
    ref,
    (s) => s.children.phoneCode as ActorRefFrom<typeof phoneCodeMachine> | undefined,
  )
  return <GamePlayPage view={view} send={ref.send} phoneCode={phoneCode} storeId={storeId} />
}
