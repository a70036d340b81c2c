// The customer scan page (/scan/:uid, public): the scan machine for this tag; another tag (a QR code
// read with the camera) starts a new one (keyed by the uid: its calls are that tag's).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { scanMachine } from '../../../machines/scan/scan.machine'
import { toScanView } from '../../../machines/scan/scan.view'
import { PRESENCE_CODE_PARAM, presenceCodeOf, scanUrl } from '../../domain/scan'
import { useLocale } from '../../ui/i18n/IntlProvider'
import { useScanLogic } from './logic'
import { ScanPage } from './ScanPage'

export const ScanActorContext = createActorContext(scanMachine)

export function ScanContainer({ uid }: { uid: string }) {
  // The store's presence code the QR code's address carries (issue 16 #5).
  const code = presenceCodeOf(new URLSearchParams(useSearch()).get(PRESENCE_CODE_PARAM))
  return <ScanForTag key={uid} uid={uid} code={code} />
}

function ScanForTag({ uid, code }: { uid: string; code: string | null }) {
  const logic = useScanLogic()
  const language = useLocale()
  const [, navigate] = useLocation()
  const [machine] = useState(() =>
    logic.machine.provide({
      actors: { phoneCode: logic.phoneCode(uid, language) },
      actions: {
        rememberPhone: (_, p: { phone: string | null }) => logic.rememberPhone(p.phone),
        openTag: (_, p: { uid: string; code: string | null }) => navigate(scanUrl('', p.uid, p.code)),
      },
    }),
  )
  return (
    <ScanActorContext.Provider
      logic={machine}
      options={{ input: { uid, code, rememberedPhone: logic.rememberedPhone() } }}
    >
      <ConnectedScan />
    </ScanActorContext.Provider>
  )
}

function ConnectedScan() {
  const view = ScanActorContext.useSelector(toScanView)
  const actor = ScanActorContext.useActorRef()
  return <ScanPage view={view} send={actor.send} />
}
