// The "NFC tags" section at the bottom of the store screen: the store-tags machine on that store.
import { useActorRef, useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { type StoreTagsEvent, storeTagsMachine } from '../../../machines/store-tags/store-tags.machine'
import { type StoreTagsView, toStoreTagsView } from '../../../machines/store-tags/store-tags.view'
import { Button } from '../../ui/Button'
import { useAppEffects } from '../../ui/effects/app-effects'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorCircleIcon, InfoIcon } from '../../ui/icons'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { Table } from '../../ui/Table'
import { Notice, useT } from './parts'

export function StoreTagsSection({ storeId }: { storeId: string }) {
  const session = useSession()
  const franchiseId =
    session.stores.find((s) => s.id === storeId)?.franchiseId ?? session.franchise?.id ?? null
  // The store's franchise is known once the session has its stores.
  return franchiseId ? <StoreTags key={storeId} storeId={storeId} franchiseId={franchiseId} /> : null
}

/** The section on a known store and franchise (the machine's input). */
export function StoreTags({ storeId, franchiseId }: { storeId: string; franchiseId: string }) {
  const effects = useAppEffects()
  const provided = useProvided(storeTagsMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  // The scan links are the page's own origin's.
  const actor = useActorRef(machine, { input: { storeId, franchiseId, origin: window.location.origin } })
  const view = useSelector(actor, toStoreTagsView)
  return <StoreTagsList view={view} send={actor.send} />
}

export function StoreTagsList({ view, send }: { view: StoreTagsView; send: (e: StoreTagsEvent) => void }) {
  const t = useT()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <header>
        <h2 id={titleId} className={styles.title}>
          {t('sale.tags.title')}
        </h2>
        <p className={styles.muted}>{t('sale.tags.description')}</p>
      </header>
      {view.isLoading && <p className={styles.muted}>{t('sale.tags.loading')}</p>}
      {view.isFailed && view.error && (
        <Notice
          tone="error"
          icon={<ErrorCircleIcon />}
          text={t(view.error as MessageId)}
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'tags.retry' })}>
              {t('sale.tags.retry')}
            </Button>
          }
        />
      )}
      {view.isEmpty && <Notice tone="info" icon={<InfoIcon />} text={t('sale.tags.empty')} />}
      {view.rows.length > 0 && (
        <Table.Root size="sm">
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('sale.tags.columns.name')}</Table.Header>
              <Table.Header>{t('sale.tags.columns.tagId')}</Table.Header>
              <Table.Header>{t('sale.tags.columns.passages')}</Table.Header>
              <Table.Header>{t('sale.tags.columns.resetDelay')}</Table.Header>
              <Table.Header>{t('sale.tags.columns.actions')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {view.rows.map((row) =>
              row.isEditing && view.draft ? (
                <Table.Row key={row.id}>
                  <Table.Cell colSpan={5}>
                    <form
                      className={styles.editForm}
                      aria-label={t('sale.tags.edit', { tag: row.name })}
                      onSubmit={(e) => {
                        e.preventDefault()
                        send({ type: 'tags.save' })
                      }}
                    >
                      <TextField
                        label={t('sale.tags.name')}
                        value={view.draft.name}
                        invalid={!!view.draftErrors.name}
                        errorText={view.draftErrors.name ? t(view.draftErrors.name as MessageId) : undefined}
                        onChange={(e) =>
                          send({ type: 'tags.change', field: 'name', value: e.currentTarget.value })
                        }
                      />
                      <TextField
                        label={t('sale.tags.resetDelay')}
                        inputMode="numeric"
                        value={view.draft.resetDelay}
                        invalid={!!view.draftErrors.resetDelay}
                        errorText={
                          view.draftErrors.resetDelay
                            ? t(view.draftErrors.resetDelay as MessageId)
                            : undefined
                        }
                        onChange={(e) =>
                          send({ type: 'tags.change', field: 'resetDelay', value: e.currentTarget.value })
                        }
                      />
                      <div className={styles.actions}>
                        <Button type="submit" size="sm" disabled={!view.canSave} loading={view.isSaving}>
                          {t('sale.tags.save')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          tone="neutral"
                          disabled={view.isSaving}
                          onClick={() => send({ type: 'tags.cancel' })}
                        >
                          {t('sale.tags.cancel')}
                        </Button>
                      </div>
                    </form>
                  </Table.Cell>
                </Table.Row>
              ) : (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.name}</Table.Cell>
                  <Table.Cell>
                    <code>{row.tagId}</code>
                  </Table.Cell>
                  <Table.Cell>{row.passages}</Table.Cell>
                  <Table.Cell>{t('sale.tags.seconds', { seconds: row.resetDelay })}</Table.Cell>
                  <Table.Cell>
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        variant="outline"
                        tone="neutral"
                        disabled={!view.canAct}
                        aria-label={t('sale.tags.edit', { tag: row.name })}
                        onClick={() => send({ type: 'tags.edit', tagId: row.id })}
                      >
                        {t('sale.tags.editShort')}
                      </Button>
                      <Button size="sm" variant="outline" tone="neutral" asChild>
                        <a
                          href={row.scannerPath}
                          target="_blank"
                          rel="noopener"
                          aria-label={t('sale.tags.openScanner', { tag: row.name })}
                        >
                          {t('shell.scanner.title')}
                        </a>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        tone="neutral"
                        disabled={!view.canAct}
                        // Starts with the words shown (WCAG 2.5.3), then says which tag.
                        aria-label={t('sale.tags.copyLink', { tag: row.name })}
                        onClick={() => send({ type: 'tags.copy', tagId: row.id })}
                      >
                        {t('sale.tags.copyShort')}
                      </Button>
                    </div>
                  </Table.Cell>
                </Table.Row>
              ),
            )}
          </Table.Body>
        </Table.Root>
      )}
      {(view.rows.length > 0 || view.isEmpty) && (
        <form
          className={styles.addForm}
          onSubmit={(e) => {
            e.preventDefault()
            send({ type: 'tags.add' })
          }}
        >
          <TextField
            label={t('sale.tags.newName')}
            value={view.newName}
            maxLength={60}
            onChange={(e) => send({ type: 'tags.newName', value: e.currentTarget.value })}
          />
          <Button type="submit" disabled={!view.canAdd} loading={view.isCreating}>
            {t('sale.tags.add')}
          </Button>
        </form>
      )}
    </section>
  )
}

const styles = {
  section: css({
    display: 'grid',
    gap: '4',
    mt: '6',
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
  }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }),
  // Fields side by side with the buttons on wide screens, stacked on phones.
  editForm: css({
    display: 'flex',
    gap: '3',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    '& > div': { flex: '1 1 12rem', maxW: '20rem' },
  }),
  addForm: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-end',
    flexWrap: 'wrap',
    '& > div': { flex: '1 1 16rem', maxW: '24rem' },
  }),
}
