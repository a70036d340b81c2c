// The scan machine's test world (tests/machines/scan*.test.ts): its input, the events the path
// generator walks, the machine with recording actors, the card's events.
import { fromCallback } from 'xstate'
import { scanMachine } from '../../machines/scan'
import { ApiError } from '../../src/api/client'
import { type Calls, recordingActors } from './model'
import { COLLECTED, COLLECTED_STRANGER, PASSAGE_INFO, POS_INFO, SCAN_CODE, SCAN_UID } from './scan-fixtures'

export const CALLS = ['loadTag', 'collect', 'sendOpinion', 'loadCard', 'phoneCode']
/** The tag's page opened from the store's QR code: its address carries the store's code. */
export const input = { uid: SCAN_UID, code: SCAN_CODE, language: 'en' as const }
export const NEW_CODE = 'Nw7_Code-2xy'
export const apiError = (code: string, status = 409) => new ApiError(status, code, code)
export const video = {} as HTMLVideoElement

export const events = [
  { type: 'scan.retry' },
  { type: 'scan.phone', value: '06 12 34 56 78' },
  { type: 'scan.phone', value: '0612' },
  { type: 'scan.receipt', value: 'R-1001' },
  { type: 'scan.submit' },
  { type: 'scan.tick' },
  { type: 'scan.validate' },
  { type: 'scan.cancel' },
  { type: 'opinion.rate', rating: 5 },
  { type: 'opinion.rate', rating: 9 },
  { type: 'opinion.send' },
  { type: 'camera.open' },
  { type: 'camera.video', video },
  { type: 'camera.decoded', text: 'https://app.example/scan/other-tag' },
  { type: 'camera.decoded', text: `https://app.example/scan/${SCAN_UID}?c=${NEW_CODE}` },
  { type: 'camera.denied' },
  { type: 'camera.close' },
  { type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO },
  { type: 'xstate.done.actor.loadTag', output: POS_INFO },
  { type: 'xstate.error.actor.loadTag', error: apiError('TAG_NOT_FOUND', 404) },
  { type: 'xstate.error.actor.loadTag', error: new ApiError(0, 'NETWORK_ERROR', 'offline') },
  { type: 'xstate.done.actor.collect', output: COLLECTED },

  { type: 'xstate.error.actor.collect', error: apiError('VISIT_TOO_SOON') },
  { type: 'xstate.done.actor.sendOpinion', output: {} },
  { type: 'xstate.error.actor.sendOpinion', error: apiError('INTERNAL', 500) },
]

/** The machine with recording call actors; the countdown and camera are inert unless given. */
export function machineWith(
  calls: Calls,
  extra: { remembered?: (string | null)[]; opened?: { uid: string; code: string | null }[] } = {},
) {
  return scanMachine.provide({
    actors: {
      ...(recordingActors(CALLS, calls) as object),
      countdown: fromCallback(() => () => {}),
      qrCamera: fromCallback(() => () => {}),
    } as never,
    actions: {
      rememberPhone: (_, p: { phone: string | null }) => extra.remembered?.push(p.phone),
      openTag: (_, p: { uid: string; code: string | null }) => extra.opened?.push(p),
    },
  })
}

// Issue 24 #4: the card's region after a collect, on its own short way in (the opinion's and the
// camera's paths would multiply it).
export const { transactionId: _t, clientId: _c, points: _n, ...CARD } = COLLECTED
export const cardEvents = [
  { type: 'xstate.done.actor.loadTag', output: PASSAGE_INFO },
  { type: 'scan.phone', value: '06 12 34 56 78' },
  { type: 'scan.submit' },
  { type: 'scan.validate' },
  { type: 'xstate.done.actor.collect', output: COLLECTED },
  { type: 'xstate.done.actor.collect', output: COLLECTED_STRANGER },
  { type: 'card.reveal' },
  { type: 'card.hide' },
  { type: 'card.retry' },
  { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'cookie' } },
  { type: 'xstate.done.actor.loadCard', output: CARD },
  { type: 'xstate.error.actor.loadCard', error: apiError('INTERNAL', 500) },
]

/** What the page must show after a path's last event, from the events alone. */
