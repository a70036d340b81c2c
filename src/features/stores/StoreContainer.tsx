// One store (/pages/stores/:id): the store editor machine on that store, shown as a page (the same form
// as the list's dialog). Saving stays on the page with its success message (issue 24); deleting or
// leaving goes back to the list. A change reloads the session's stores so the toolbar (store selector,
// scanner button) follows.
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { toStoreEditorView } from '../../../machines/store-editor/store-editor.view'
import { phoneCountry } from '../../domain/countries'
import { Button } from '../../ui/Button'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { SessionContext } from '../../ui/session/SessionContext'
import { useStoreEditorMachine } from './editor'
import { STORE_LIST_PATH } from './paths'
import { StoreEditorActions, StoreEditorBody, StoreEditorConfirmations } from './StoreEditorDialog'
import { styles as listStyles } from './StoreListPage'

/** `children`: the store's other sections (its tags, its POS link), from their own areas. */
export function StoreContainer({ id, children }: { id: string; children?: ReactNode }) {
  const effects = useAppEffects()
  const editor = useStoreEditorMachine()
  const session = useSession()
  const sessionRef = useSessionRef()
  const intl = useIntl()
  const formId = useId()
  const categories = SessionContext.useSelector((s) => s.context.account?.categories ?? [])
  const [input] = useState(() => ({
    storeId: id,
    currencyCode: session.franchise?.currencyCode ?? 'EUR',
    country: phoneCountry(session.franchise?.codeAlpha3 ?? 'FRA'),
    stayOnSave: true,
  }))
  const [machine] = useState(() =>
    editor.provide({
      actions: { storeSaved: () => sessionRef.send({ type: 'session.reloadStores' }) },
    }),
  )
  const actor = useActorRef(machine, { input }, (snapshot) => {
    if (snapshot.status !== 'done') return
    if (snapshot.output?.outcome !== 'closed') sessionRef.send({ type: 'session.reloadStores' })
    effects.navigate(STORE_LIST_PATH)
  })
  const view = useSelector(actor, toStoreEditorView)
  const title = view.values.name || intl.formatMessage({ id: 'store.list.title' })
  return (
    <div className={listStyles.page}>
      <title>{`${title} · ${intl.formatMessage({ id: 'app.name' })}`}</title>
      <header className={listStyles.header}>
        <h1 className={listStyles.title}>{title}</h1>
        <Button variant="ghost" tone="neutral" onClick={() => actor.send({ type: 'store.close' })}>
          {intl.formatMessage({ id: 'store.actions.back' })}
        </Button>
      </header>
      <div className={styles.card}>
        <StoreEditorBody view={view} send={actor.send} categories={categories} formId={formId} />
      </div>
      {view.isEditing || view.isSaving ? (
        <div className={styles.footer}>
          <StoreEditorActions view={view} send={actor.send} formId={formId} />
        </div>
      ) : null}
      <StoreEditorConfirmations view={view} send={actor.send} />
      {children}
    </div>
  )
}

const styles = {
  card: css({
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
  }),
  footer: css({ position: 'sticky', bottom: '0', bg: 'bg.canvas', py: '3' }),
}
