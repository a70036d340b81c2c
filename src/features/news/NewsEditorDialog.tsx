// The create/edit dialog of a news item or happy hour: renders the news editor machine (invoked by the
// list machine) and sends its events. The §5 field errors show on the fields; a 409 lists the offers
// already running at once.
import { useSelector } from '@xstate/react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { newsEditorMachine } from '../../../machines/news-editor/news-editor.machine'
import { toNewsEditorView } from '../../../machines/news-editor/news-editor.view'
import { NEWS_TYPES, type NewsConflict } from '../../domain/news'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { StoreCheckboxes } from '../../ui/StoreCheckboxes'
import { TimeField } from '../../ui/TimeInput'

type Editor = ActorRefFrom<typeof newsEditorMachine>

export function NewsEditorDialog({ editor, currency }: { editor: Editor; currency: string }) {
  const view = useSelector(editor, toNewsEditorView)
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const say = (id: string | undefined) => (id ? t(id as MessageId) : undefined)
  const { draft, errors } = view
  const send = editor.send
  const text = (
    field:
      | 'name'
      | 'description'
      | 'price'
      | 'startDate'
      | 'endDate'
      | 'happyHourStart'
      | 'happyHourEnd'
      | 'drinkType',
  ) => ({
    value: draft[field],
    invalid: !!errors[field],
    errorText: say(errors[field]),
    onChange: (ev: { currentTarget: { value: string } }) =>
      send({ type: 'news.change', field, value: ev.currentTarget.value }),
  })
  const time = (field: 'happyHourStart' | 'happyHourEnd') => {
    const { onChange: _, ...props } = text(field)
    return { ...props, onValue: (value: string) => send({ type: 'news.change', field, value }) }
  }
  return (
    <FormDialog
      open
      busy={view.isSaving}
      size="lg"
      title={view.isNew ? t('news.form.createTitle') : t('news.form.editTitle', { name: draft.name })}
      description={t('news.form.limit', { max: view.maxConcurrent })}
      alert={
        view.formError && (
          <div role="alert" className={styles.alert}>
            <p>{t(view.formError as MessageId, { max: view.maxConcurrent })}</p>
            {view.conflicts.length > 0 && <ConflictList conflicts={view.conflicts} />}
          </div>
        )
      }
      submitLabel={t('common.save')}
      onSubmit={() => send({ type: 'news.submit' })}
      onCancel={() => send({ type: 'news.cancel' })}
    >
      <TextField label={t('news.form.name')} required maxLength={80} {...text('name')} />
      <NativeSelect
        label={t('news.form.type')}
        value={draft.type}
        options={NEWS_TYPES.map((type) => ({ value: type, label: t(`news.type.${type}` as MessageId) }))}
        onChange={(value) => send({ type: 'news.change', field: 'type', value })}
      />
      <TextField label={t('news.form.description')} {...text('description')} />
      <div className={styles.row}>
        <TextField label={t('news.form.startDate')} type="date" required {...text('startDate')} />
        <TextField label={t('news.form.endDate')} type="date" required {...text('endDate')} />
      </div>
      {view.isHappyHour && (
        <div className={styles.row}>
          <TimeField
            label={t('news.form.happyHourStart')}
            required
            helperText={t('news.form.slotHelp')}
            {...time('happyHourStart')}
          />
          <TimeField label={t('news.form.happyHourEnd')} required {...time('happyHourEnd')} />
        </div>
      )}
      <div className={styles.row}>
        <TextField
          label={t('news.form.price', { currency })}
          inputMode="decimal"
          helperText={t('news.form.priceHelp')}
          {...text('price')}
        />
        <TextField label={t('news.form.drinkType')} {...text('drinkType')} />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.customersOnly}
          onChange={() => send({ type: 'news.toggleCustomersOnly' })}
        />
        {t('news.form.customersOnly')}
      </label>
      {view.stores.length > 0 && (
        <div>
          <StoreCheckboxes
            legend={t('news.form.stores')}
            stores={view.stores}
            checked={draft.storeIds}
            error={say(errors.storeIds)}
            disabled={view.isSaving}
            onToggle={(storeId) => send({ type: 'news.toggleStore', storeId })}
          />
          {!view.needsStore && <p className={styles.help}>{t('news.form.storesHelp')}</p>}
        </div>
      )}
    </FormDialog>
  )
}

/** The offers a §5 409 names: running at once with the one being saved (`inline` inside a paragraph). */
export function ConflictList({
  conflicts,
  inline,
}: {
  conflicts: readonly NewsConflict[]
  inline?: boolean
}) {
  const clock = useClock()
  const intl = useIntl()
  const day = (d: string) => clock.day(d, { dateStyle: 'medium' })
  const List = inline ? 'span' : 'ul'
  const Item = inline ? 'span' : 'li'
  return (
    <List
      role="list"
      aria-label={intl.formatMessage({ id: 'news.conflicts.title' })}
      className={inline ? styles.inline : styles.conflicts}
    >
      {conflicts.map((c) => (
        <Item role="listitem" key={c.id}>
          {intl.formatMessage(
            { id: 'news.conflicts.item' },
            { name: c.name, start: day(c.startDate), end: day(c.endDate) },
          )}
        </Item>
      ))}
    </List>
  )
}

const styles = {
  row: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' }),
  check: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' }),
  help: css({ color: 'fg.muted', textStyle: 'sm', mt: '1' }),
  alert: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '3',
    borderWidth: '1px',
    borderColor: 'danger.border',
    borderRadius: 'l2',
    bg: 'danger.subtle',
    color: 'danger.text',
    textStyle: 'sm',
  }),
  conflicts: css({ listStyle: 'disc', pl: '5' }),
  inline: css({ display: 'flex', flexDirection: 'column', mt: '1', '& > span::before': { content: '"• "' } }),
}
