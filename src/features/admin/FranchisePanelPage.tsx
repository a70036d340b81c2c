import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { FranchisePanelEvent } from '../../../machines/franchise-panel/franchise-panel.machine'
import type { FranchisePanelView } from '../../../machines/franchise-panel/franchise-panel.view'
import { type AuditEntry, auditSentence } from '../../domain/admin'
import { FEATURES, LOYALTY_TYPES, type LoyaltyType } from '../../domain/constants'
import { senderIdMessage } from '../../domain/sender-id'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import { InviteeFields } from '../../ui/InviteeFields'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { Table } from '../../ui/Table'
import { ADMIN_PATH, styles as page, useT } from './AdminDashboardPage'

export interface FranchisePanelPageProps {
  view: FranchisePanelView
  send: (event: FranchisePanelEvent) => void
}

/** /pages/admin/franchise-panel/:id: one franchise as staff see it, with the changes they may make. */
export function FranchisePanelPage({ view, send }: FranchisePanelPageProps) {
  const t = useT()
  const intl = useIntl()
  const p = view.panel
  const title = p ? p.franchise.name : t('admin.panel.title')
  const pending = view.pending
  return (
    <div className={page.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <Link href={ADMIN_PATH} className={page.link}>
        {t('admin.panel.back')}
      </Link>
      <header className={page.header}>
        <div>
          <h1 className={page.title}>{title}</h1>
          {p && (
            <p className={page.subtitle}>
              {t('admin.panel.subtitle', {
                country: p.franchise.codeAlpha3,
                currency: p.franchise.currencyCode,
              })}
            </p>
          )}
        </div>
      </header>
      {view.isFailed ? (
        <ErrorPanel
          message={t('admin.panel.errors.load', { code: String(view.errorCode ?? 0) })}
          onRetry={() => send({ type: 'panel.retry' })}
        />
      ) : !p ? (
        <p aria-busy="true">{t('admin.panel.loading')}</p>
      ) : (
        <>
          <div className={styles.grid}>
            <Card title={t('admin.panel.owner')}>
              {p.owner ? (
                <dl className={styles.facts}>
                  <Fact label={t('admin.create.email')}>{p.owner.email}</Fact>
                  {p.owner.displayName && <Fact label={t('admin.owner.name')}>{p.owner.displayName}</Fact>}
                  <Fact label={t('admin.columns.subscription')}>
                    {p.owner.isSubscribedRetailer
                      ? t('admin.subscription.active')
                      : t('admin.subscription.inactive')}
                  </Fact>
                </dl>
              ) : (
                <>
                  <p className={page.muted}>{t('admin.owner.none')}</p>
                  <div>
                    <Button
                      size="sm"
                      disabled={!view.canCreateOwner}
                      loading={view.isOwnerCreating}
                      onClick={() => send({ type: 'owner.open' })}
                    >
                      {t('admin.owner.create')}
                    </Button>
                  </div>
                </>
              )}
            </Card>
            <Card title={t('admin.panel.details')}>
              <dl className={styles.facts}>
                <Fact label={t('admin.columns.clients')}>{intl.formatNumber(p.clientCount)}</Fact>
                <Fact label={t('admin.columns.passages')}>{intl.formatNumber(p.passages30Days)}</Fact>
                <Fact label={t('admin.panel.timezone')}>{p.franchise.timezone}</Fact>
                <Fact label={t('admin.panel.senderId')}>
                  {p.franchise.senderId ?? t('franchise.senderId.none')}{' '}
                  <Button
                    size="sm"
                    variant="ghost"
                    tone="neutral"
                    onClick={() => send({ type: 'senderId.open' })}
                  >
                    {t('franchise.senderId.edit')}
                  </Button>
                </Fact>
              </dl>
            </Card>
            <Card title={t('admin.panel.features')}>
              {FEATURES.map((feature) => {
                const on = p.features.includes(feature)
                return (
                  <label key={feature} className={styles.toggle}>
                    <input
                      type="checkbox"
                      role="switch"
                      aria-checked={on}
                      checked={on}
                      disabled={!view.canChange}
                      aria-busy={
                        pending?.kind === 'feature' && pending.feature === feature ? true : undefined
                      }
                      onChange={() => send({ type: 'panel.toggleFeature', feature, isEnabled: !on })}
                    />
                    <span>{t(`admin.features.${enumKey(feature)}`)}</span>
                  </label>
                )
              })}
            </Card>
            <Card title={t('admin.columns.loyaltyModel')}>
              {p.loyaltyModel ? (
                <label className={styles.field}>
                  <span className={styles.fieldLabel}>
                    {t('admin.panel.loyaltyType', { name: p.loyaltyModel.name })}
                  </span>
                  <select
                    className={styles.select}
                    value={p.loyaltyModel.loyaltyType}
                    disabled={!view.canChange}
                    aria-busy={pending?.kind === 'loyaltyType' ? true : undefined}
                    onChange={(e) =>
                      send({ type: 'panel.loyaltyType', loyaltyType: e.currentTarget.value as LoyaltyType })
                    }
                  >
                    {LOYALTY_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`loyalty.types.${enumKey(type)}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <p className={page.muted}>{t('admin.panel.noModel')}</p>
              )}
            </Card>
          </div>
          <Card title={t('admin.columns.stores')}>
            {p.stores.length === 0 ? (
              <p className={page.muted}>{t('admin.panel.noStores')}</p>
            ) : (
              <ul className={styles.list}>
                {p.stores.map((s) => (
                  <li key={s.id} className={styles.storeRow}>
                    <strong>{s.name}</strong>
                    {(['hasScannerEnabled', 'hasFullWebAppEnabled'] as const).map((setting) => (
                      <label key={setting} className={styles.toggle}>
                        <input
                          type="checkbox"
                          role="switch"
                          aria-checked={s.settings[setting]}
                          checked={s.settings[setting]}
                          disabled={!view.canChange}
                          aria-label={t('admin.panel.storeSetting', {
                            store: s.name,
                            setting: t(`store.settings.${setting}`),
                          })}
                          onChange={() =>
                            send({
                              type: 'panel.storeSetting',
                              storeId: s.id,
                              setting,
                              value: !s.settings[setting],
                            })
                          }
                        />
                        <span>{t(`store.settings.${setting}`)}</span>
                      </label>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      <AuditLog view={view} send={send} />
      <SenderIdDialog view={view} send={send} />
      <CreateOwnerDialog view={view} send={send} />
    </div>
  )
}

function AuditLog({ view, send }: FranchisePanelPageProps) {
  const clock = useClock()
  const t = useT()
  const auditText = (e: AuditEntry) => {
    const s = auditSentence(e)
    const feature =
      s.feature && (FEATURES as readonly string[]).includes(s.feature)
        ? t(`admin.features.${enumKey(s.feature)}` as MessageId)
        : (s.feature ?? '')
    return t(`admin.audit.actions.${s.id}` as MessageId, { ...s.values, feature })
  }
  return (
    <Card title={t('admin.audit.title')}>
      {view.isAuditFailed ? (
        <ErrorPanel message={t('admin.audit.error')} onRetry={() => send({ type: 'audit.retry' })} />
      ) : view.audit.length === 0 && !view.isAuditLoading ? (
        <p className={page.muted}>{t('admin.audit.empty')}</p>
      ) : (
        <>
          <Table.Root aria-busy={view.isAuditLoading || undefined}>
            <Table.Caption className={page.srOnly}>{t('admin.audit.title')}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('admin.audit.date')}</Table.Header>
                <Table.Header scope="col">{t('admin.audit.admin')}</Table.Header>
                <Table.Header scope="col">{t('admin.audit.actor')}</Table.Header>
                <Table.Header scope="col">{t('admin.audit.action')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.audit.map((e) => (
                <Table.Row key={e.id}>
                  <Table.Cell>{clock.dateTime(e.createdAt)}</Table.Cell>
                  <Table.Cell>{e.adminEmail ?? '—'}</Table.Cell>
                  <Table.Cell>{e.actorEmail ?? '—'}</Table.Cell>
                  <Table.Cell>{auditText(e)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {view.auditPageCount > 1 && (
            <nav aria-label={t('admin.audit.pages')} className={styles.pager}>
              <Button
                size="sm"
                variant="outline"
                tone="neutral"
                disabled={view.auditPage <= 1}
                onClick={() => send({ type: 'audit.page', page: view.auditPage - 1 })}
              >
                {t('admin.audit.newer')}
              </Button>
              <span>{t('admin.audit.page', { page: view.auditPage, count: view.auditPageCount })}</span>
              <Button
                size="sm"
                variant="outline"
                tone="neutral"
                disabled={view.auditPage >= view.auditPageCount}
                onClick={() => send({ type: 'audit.page', page: view.auditPage + 1 })}
              >
                {t('admin.audit.older')}
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  )
}

/** The error type as a message: a §5 code has its own; a failed check or save says so with its status. */
function senderErrorText(t: ReturnType<typeof useT>, error: string): string {
  if (error.startsWith('HTTP_')) return t('admin.senderId.errors.check', { status: error.slice(5) })
  return t(senderIdMessage(error) as MessageId)
}

function SenderIdDialog({ view, send }: FranchisePanelPageProps) {
  const t = useT()
  return (
    <FormDialog
      open={view.isSenderOpen}
      busy={view.isSenderBusy}
      title={t('franchise.senderId.title')}
      description={t('franchise.senderId.description')}
      submitLabel={t('admin.senderId.save')}
      onSubmit={() => send({ type: 'senderId.submit' })}
      onCancel={() => send({ type: 'senderId.cancel' })}
    >
      <TextField
        label={t('franchise.senderId.value')}
        name="senderId"
        autoComplete="off"
        spellCheck={false}
        value={view.senderInput}
        onChange={(e) => send({ type: 'senderId.change', value: e.currentTarget.value })}
        invalid={view.senderError !== null}
        errorText={view.senderError ? senderErrorText(t, view.senderError) : undefined}
        helperText={view.isSenderChecking ? t('franchise.senderId.checking') : undefined}
      />
    </FormDialog>
  )
}

/** The owner of a franchise that has none: e-mail and name; the owner is invited by e-mail. */
function CreateOwnerDialog({ view, send }: FranchisePanelPageProps) {
  const t = useT()
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  return (
    <FormDialog
      open={view.isOwnerOpen}
      busy={view.isOwnerCreating}
      title={t('admin.owner.title')}
      description={t('admin.owner.description')}
      alert={view.ownerError && <ErrorPanel message={t(view.ownerError as MessageId)} />}
      submitLabel={t('admin.owner.submit')}
      onSubmit={() => send({ type: 'owner.submit' })}
      onCancel={() => send({ type: 'owner.cancel' })}
    >
      <InviteeFields
        labels={{ email: t('admin.create.email'), displayName: t('admin.create.displayName') }}
        email={view.ownerForm.email}
        displayName={view.ownerForm.displayName}
        errors={{ email: say(view.ownerErrors.email) }}
        onChange={(field, value) => send({ type: 'owner.change', field, value })}
      />
    </FormDialog>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {children}
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={page.muted}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const styles = {
  grid: css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, 1fr)', '2xl': 'repeat(4, 1fr)' },
  }),
  card: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    p: '5',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  cardTitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  facts: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  fact: css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'center' }),
  toggle: css({ display: 'flex', alignItems: 'center', gap: '2', cursor: 'pointer' }),
  field: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  fieldLabel: css({ textStyle: 'sm', fontWeight: 'medium' }),
  select: css({ h: '10', px: '3', borderWidth: '1px', borderRadius: 'l2', bg: 'bg.default' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  storeRow: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' }),
  pager: css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '3', mt: '3' }),
}
