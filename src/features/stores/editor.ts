// The store editor as both store screens run it: the machine (a test's fake when one is handed) with
// the app's toasts.
import { useState } from 'react'
import { storeEditorMachine } from '../../../machines/store-editor/store-editor.machine'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'

export function useStoreEditorMachine() {
  const effects = useAppEffects()
  const provided = useProvided(storeEditorMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  return machine
}
