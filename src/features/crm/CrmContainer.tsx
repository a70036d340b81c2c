// /pages/user/crm (full access, issue 21): the CRM clients list and the registration-form builder, in
// two tabs. Each is its machine (crm-clients, crm-editor); a save of the form asks the list again, its
// columns being the form's fields. A store owner reaching the page is told to ask the franchise manager.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { useSearch } from 'wouter'
import { crmClientsMachine, toCrmClientsView } from '../../../machines/crm-clients/crm-clients.list'
import { crmEditorMachine } from '../../../machines/crm-editor/crm-editor.machine'
import { toCrmEditorView } from '../../../machines/crm-editor/crm-editor.view'
import { watchLocationOf } from '../../../machines/paged-list/paged-list.actors'
import { crmExportHref } from '../../api/crm'
import { ROUTES } from '../../domain/access'
import { managesFranchiseSettings } from '../../domain/roles'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { EmptyPanel } from '../../ui/Panels'
import { useSession } from '../../ui/session/hooks'
import { Tabs } from '../../ui/Tabs'
import { CrmBuilder } from './CrmBuilder'
import { CrmClientsList } from './CrmClientsList'

export const CRM_PATH = ROUTES.crm.path
export const CrmClientsContext = createActorContext(crmClientsMachine)
export const CrmEditorContext = createActorContext(crmEditorMachine)

export function CrmContainer() {
  const session = useSession()
  const t = useT()
  const franchise = session.franchise
  if (!managesFranchiseSettings(session.role))
    return <EmptyPanel title={t('crm.denied.title')} description={t('crm.denied.description')} />
  if (!franchise) return <EmptyPanel title={t('pages.clients.errors.noFranchise')} />
  return <CrmScreen key={franchise.id} franchiseId={franchise.id} />
}

function CrmScreen({ franchiseId }: { franchiseId: string }) {
  const effects = useAppEffects()
  const search = useSearch()
  // The machines call src/api themselves; a test or a story hands them provided with fakes.
  const provided = useProvided(crmClientsMachine)
  const [clients] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, CRM_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) => effects.navigate(`${CRM_PATH}${p.search}`, { replace: true }),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', params: { franchiseId } }
  return (
    <CrmClientsContext.Provider logic={clients} options={{ input }}>
      <CrmEditorScope franchiseId={franchiseId} />
    </CrmClientsContext.Provider>
  )
}

function CrmEditorScope({ franchiseId }: { franchiseId: string }) {
  const effects = useAppEffects()
  const list = CrmClientsContext.useActorRef()
  const provided = useProvided(crmEditorMachine)
  const [editor] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        leavePage: (_, p: { to: string | null }) => {
          if (p.to) effects.navigate(p.to)
          else history.back()
        },
        formSaved: () => list.send({ type: 'list.reload' }),
      },
    }),
  )
  return (
    <CrmEditorContext.Provider logic={editor} options={{ input: { franchiseId } }}>
      <CrmPage franchiseId={franchiseId} />
    </CrmEditorContext.Provider>
  )
}

function CrmPage({ franchiseId }: { franchiseId: string }) {
  const t = useT()
  const listView = CrmClientsContext.useSelector(toCrmClientsView)
  const list = CrmClientsContext.useActorRef()
  const editorView = CrmEditorContext.useSelector(toCrmEditorView)
  const editor = CrmEditorContext.useActorRef()
  const title = t('nav.crm')
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className={styles.title}>{title}</h1>
      <Tabs.Root defaultValue="clients">
        <Tabs.List aria-label={title}>
          <Tabs.Trigger value="clients">{t('crm.tabs.clients')}</Tabs.Trigger>
          <Tabs.Trigger value="form">
            {t('crm.tabs.form')}
            {editorView.isEdited ? ' •' : ''}
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="clients">
          <CrmClientsList
            view={listView}
            send={list.send}
            exportHref={crmExportHref(franchiseId, listView.exportFilter)}
          />
        </Tabs.Content>
        <Tabs.Content value="form">
          <CrmBuilder view={editorView} send={editor.send} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '7xl', mx: 'auto', w: 'full' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
}
