// /pages/user/clients/import (issue 23): a franchise's owner imports clients from a CSV file. The
// flow is the import machine; this page renders its view and sends its events.
import { createActorContext } from '@xstate/react'
import { importMachine } from '../../../machines/import/import.machine'
import { toImportView } from '../../../machines/import/import.view'
import { canImportClients } from '../../domain/imports'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { EmptyPanel } from '../../ui/Panels'
import { useSession } from '../../ui/session/hooks'
import { ImportPage } from './ImportPage'

export const ImportContext = createActorContext(importMachine)

export function ImportContainer() {
  const session = useSession()
  const t = useT()
  const logic = useProvided(importMachine)
  if (!canImportClients(session.role))
    return <EmptyPanel title={t('crm.denied.title')} description={t('crm.denied.description')} />
  if (!session.franchise) return <EmptyPanel title={t('pages.clients.errors.noFranchise')} />
  return (
    <ImportContext.Provider
      key={session.franchise.id}
      logic={logic}
      options={{ input: { franchiseId: session.franchise.id } }}
    >
      <ImportScreen />
    </ImportContext.Provider>
  )
}

export function ImportScreen() {
  const view = ImportContext.useSelector(toImportView)
  const { send } = ImportContext.useActorRef()
  return <ImportPage view={view} send={send} />
}
