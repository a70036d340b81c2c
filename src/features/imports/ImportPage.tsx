// The import page's steps, drawn from the machine's view: the file, the columns, the preview, the
// progress, and the end (done with the skipped rows, failed, cancelled). Only renders and sends.
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ImportEvent } from '../../../machines/import/import.machine'
import type { ImportView } from '../../../machines/import/import.view'
import { ROUTES } from '../../domain/access'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey, useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { EmptyPanel } from '../../ui/Panels'
import { Table } from '../../ui/Table'

type Props = { view: ImportView; send: (event: ImportEvent) => void }

const reasonId = (reason: string) => `import.reason.${enumKey(reason)}` as MessageId

export function ImportPage({ view, send }: Props) {
  const t = useT()
  return (
    <div className={styles.page}>
      <Link href={ROUTES.clients.path} className={link()}>
        {t('import.back')}
      </Link>
      <h1 className={styles.title}>{t('import.title')}</h1>
      {view.error && (
        <p role="alert" className={styles.error}>
          {t(view.error as MessageId)}
        </p>
      )}
      {view.step === 'file' && <FileStep view={view} send={send} />}
      {view.step === 'columns' && <ColumnsStep view={view} send={send} />}
      {view.step === 'review' && <ReviewStep view={view} send={send} />}
      {view.step === 'running' && <Progress view={view} send={send} />}
      {view.step === 'done' && <DoneStep view={view} send={send} />}
      {(view.step === 'failed' || view.step === 'cancelled') && (
        <EmptyPanel
          title={t(`import.${view.step}.title`)}
          description={t(`import.${view.step}.description`)}
          action={<Button onClick={() => send({ type: 'import.restart' })}>{t('import.done.again')}</Button>}
        />
      )}
    </div>
  )
}

function FileStep({ view, send }: Props) {
  const t = useT()
  return (
    <section className={styles.card}>
      <label className={styles.label}>
        {t('import.file.label')}
        <input
          type="file"
          accept=".csv,.txt,text/csv"
          onChange={(e) => send({ type: 'import.select', file: e.currentTarget.files?.[0] ?? null })}
        />
      </label>
      <p className={styles.hint}>{t('import.file.hint')}</p>
      <Button
        disabled={!view.canUpload}
        loading={view.isUploading}
        onClick={() => send({ type: 'import.upload' })}
      >
        {t('import.file.upload')}
      </Button>
    </section>
  )
}

function ColumnsStep({ view, send }: Props) {
  const t = useT()
  const options = [
    { value: '', label: t('import.columns.none') },
    ...view.headers.map((h, i) => ({ value: String(i), label: h || `#${i + 1}` })),
  ]
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('import.columns.title')}</h2>
      <p className={styles.hint}>{t('import.columns.required')}</p>
      <div className={styles.grid}>
        {view.fields.map((f) => (
          <NativeSelect
            key={f.key}
            label={f.ownKey ? t(`import.field.${f.ownKey}`) : (f.label ?? f.key)}
            value={f.column === null ? '' : String(f.column)}
            options={options}
            error={view.errorField === `mapping.${f.key}` ? t('import.columns.required') : undefined}
            onChange={(v) => send({ type: 'import.map', field: f.key, column: v === '' ? null : Number(v) })}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'import.restart' })}>
          {t('import.columns.restart')}
        </Button>
        <Button
          disabled={!view.canPreview}
          loading={view.isPreviewing}
          onClick={() => send({ type: 'import.preview' })}
        >
          {t('import.columns.preview')}
        </Button>
      </div>
    </section>
  )
}

function ReviewStep({ view, send }: Props) {
  const t = useT()
  return (
    <section className={styles.card}>
      <h2 id="import-review-title" className={styles.subtitle}>
        {t('import.review.title', { fileName: view.fileName ?? '' })}
      </h2>
      <p className={styles.hint}>{t('import.review.total', { count: view.progress.total })}</p>
      <Table.Root aria-labelledby="import-review-title">
        <Table.Head>
          <Table.Row>
            <Table.Header>{t('import.review.row')}</Table.Header>
            {view.columns.map((c) => (
              <Table.Header key={c.id}>{c.name}</Table.Header>
            ))}
            <Table.Header>{t('import.review.outcome')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {view.preview.map((r) => (
            <Table.Row key={r.row}>
              <Table.Cell>{r.row}</Table.Cell>
              {view.columns.map((c) => (
                <Table.Cell key={c.id}>{r.cells[c.index] ?? ''}</Table.Cell>
              ))}
              <Table.Cell>
                <Badge tone={r.outcome === 'SKIP' ? 'danger' : r.outcome === 'UPDATE' ? 'info' : 'success'}>
                  {r.reason
                    ? reasonId(r.reason) && t(reasonId(r.reason))
                    : t(`import.outcome.${enumKey(r.outcome)}`)}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <div className={styles.actions}>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'import.back' })}>
          {t('import.review.back')}
        </Button>
        <Button
          disabled={!view.canRun}
          loading={view.isStarting}
          onClick={() => send({ type: 'import.run' })}
        >
          {t('import.review.run', { count: view.progress.total })}
        </Button>
      </div>
    </section>
  )
}

function Counters({ view }: { view: ImportView }) {
  const t = useT()
  return (
    <dl className={styles.counters}>
      {(['created', 'updated', 'skipped'] as const).map((k) => (
        <div key={k}>
          <dt>{t(`import.progress.${k}`)}</dt>
          <dd>{view.progress[k]}</dd>
        </div>
      ))}
    </dl>
  )
}

function Progress({ view, send }: Props) {
  const t = useT()
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('import.progress.title', { fileName: view.fileName ?? '' })}</h2>
      <progress
        className={styles.bar}
        aria-label={t('import.progress.label')}
        max={view.progress.total || 1}
        value={view.progress.read}
      />
      <p aria-live="polite">
        {t('import.progress.read', { read: view.progress.read, total: view.progress.total })}
      </p>
      <Counters view={view} />
      <Button
        variant="outline"
        tone="danger"
        disabled={!view.canCancel}
        loading={view.isCancelling}
        onClick={() => send({ type: 'import.cancel' })}
      >
        {t('import.progress.cancel')}
      </Button>
    </section>
  )
}

function DoneStep({ view, send }: Props) {
  const t = useT()
  const skipped = view.skipped
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('import.done.title')}</h2>
      <Counters view={view} />
      <h3 id="import-skipped-title" className={styles.subtitle}>
        {t('import.done.skippedTitle')}
      </h3>
      {skipped && skipped.rows.length === 0 && <p>{t('import.done.noSkipped')}</p>}
      {skipped && skipped.rows.length > 0 && (
        <>
          {skipped.total > skipped.rows.length && (
            <p className={styles.hint}>
              {t('import.done.moreSkipped', { shown: skipped.rows.length, total: skipped.total })}
            </p>
          )}
          <Table.Root aria-labelledby="import-skipped-title">
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('import.review.row')}</Table.Header>
                <Table.Header>{t('import.review.outcome')}</Table.Header>
                {view.columns.map((c) => (
                  <Table.Header key={c.id}>{c.name}</Table.Header>
                ))}
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {skipped.rows.map((r) => (
                <Table.Row key={r.row}>
                  <Table.Cell>{r.row}</Table.Cell>
                  <Table.Cell>{t(reasonId(r.reason))}</Table.Cell>
                  {view.columns.map((c) => (
                    <Table.Cell key={c.id}>{r.cells[c.index] ?? ''}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
      <div className={styles.actions}>
        <Button
          variant="outline"
          disabled={!view.canDownload}
          loading={view.isDownloading}
          onClick={() => send({ type: 'import.download' })}
        >
          {t('import.done.download')}
        </Button>
        <Link href={ROUTES.clients.path} className={link()}>
          {t('import.done.clients')}
        </Link>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'import.restart' })}>
          {t('import.done.again')}
        </Button>
      </div>
    </section>
  )
}

const styles = {
  page: css({ display: 'grid', gap: '4', p: { base: '3', md: '6' }, maxW: '6xl' }),
  title: css({ textStyle: '2xl', fontWeight: 'semibold' }),
  subtitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  card: css({
    display: 'grid',
    gap: '4',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
    overflowX: 'auto',
  }),
  label: css({ display: 'grid', gap: '2', fontWeight: 'medium' }),
  hint: css({ color: 'fg.muted', textStyle: 'sm' }),
  error: css({ color: 'fg.error' }),
  grid: css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } }),
  actions: css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' }),
  bar: css({ w: 'full', h: '3' }),
  counters: css({ display: 'flex', gap: '6', '& dd': { textStyle: 'xl', fontWeight: 'semibold' } }),
}
