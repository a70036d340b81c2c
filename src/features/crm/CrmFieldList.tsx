// The builder's active fields in their order: dragged with @dnd-kit (pointer, or the keyboard on a
// row's handle: Space, the arrows, Space), or moved one step with the up/down buttons. A drop or a
// step is one `field.move` to a position among the merchant's fields; the machine keeps the order.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { css, cx } from 'styled-system/css'
import type { CrmEditorEvent } from '../../../machines/crm-editor/crm-editor.machine'
import type { CrmEditorView } from '../../../machines/crm-editor/crm-editor.view'
import type { CrmField } from '../../domain/crm'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { CRM_TYPE_LABELS } from './labels'

type Props = { view: CrmEditorView; send: (event: CrmEditorEvent) => void }

export function CrmFieldList({ view, send }: Props) {
  const t = useT()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = view.active.map((f) => f.localId)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    send({ type: 'field.move', localId: String(active.id), to: view.positionOf(String(over.id)) })
  }
  const step = (index: number, by: -1 | 1) => {
    const neighbour = view.active[index + by]
    if (neighbour)
      send({
        type: 'field.move',
        localId: view.active[index]!.localId,
        to: view.positionOf(neighbour.localId),
      })
  }
  return (
    <ul className={styles.list} aria-label={t('crm.builder.fields')}>
      {view.staticFields.map((f) => (
        <li key={f.localId} className={styles.row}>
          <span className={styles.label}>{t(`crm.static.${f.localId}` as MessageId)}</span>
          <FieldBadges field={f} />
          <Badge tone="neutral">{t('crm.builder.locked')}</Badge>
        </li>
      ))}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('crm.builder.dragInstructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {view.active.map((f, i) => (
            <SortableRow
              key={f.localId}
              field={f}
              selected={view.selected?.localId === f.localId}
              invalid={!!view.errors[f.localId]}
              first={i === 0}
              last={i === view.active.length - 1}
              disabled={!view.canEdit}
              onUp={() => step(i, -1)}
              onDown={() => step(i, 1)}
              send={send}
            />
          ))}
        </SortableContext>
      </DndContext>
    </ul>
  )
}

function FieldBadges({ field }: { field: CrmField }) {
  const t = useT()
  return (
    <span className={styles.badges}>
      <Badge tone="info">{t(CRM_TYPE_LABELS[field.validation.type])}</Badge>
      {field.validation.isRequired && <Badge tone="accent">{t('crm.builder.required')}</Badge>}
    </span>
  )
}

function SortableRow({
  field,
  selected,
  invalid,
  first,
  last,
  disabled,
  onUp,
  onDown,
  send,
}: {
  field: CrmField
  selected: boolean
  invalid: boolean
  first: boolean
  last: boolean
  disabled: boolean
  onUp: () => void
  onDown: () => void
  send: (event: CrmEditorEvent) => void
}) {
  const t = useT()
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: field.localId,
    disabled,
  })
  const name = field.label || t('crm.builder.untitled')
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(styles.row, selected && styles.selected, isDragging && styles.dragging)}
      data-invalid={invalid || undefined}
    >
      <button
        type="button"
        className={styles.handle}
        aria-label={t('crm.builder.drag', { label: name })}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <button
        type="button"
        className={styles.labelButton}
        aria-pressed={selected}
        onClick={() => send({ type: 'field.select', localId: field.localId })}
      >
        {name}
      </button>
      <FieldBadges field={field} />
      {invalid && <Badge tone="danger">{t('crm.builder.invalid')}</Badge>}
      <span className={styles.actions}>
        <Button size="sm" variant="ghost" tone="neutral" disabled={disabled || first} onClick={onUp}>
          <span aria-hidden="true">↑</span>
          <span className={styles.srOnly}>{t('crm.builder.moveUp', { label: name })}</span>
        </Button>
        <Button size="sm" variant="ghost" tone="neutral" disabled={disabled || last} onClick={onDown}>
          <span aria-hidden="true">↓</span>
          <span className={styles.srOnly}>{t('crm.builder.moveDown', { label: name })}</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          tone="neutral"
          disabled={disabled}
          aria-label={t('crm.builder.archive', { label: name })}
          onClick={() => send({ type: 'field.archive', localId: field.localId })}
        >
          {t('crm.builder.archiveShort')}
        </Button>
      </span>
    </li>
  )
}

export const fieldListStyles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  row: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    flexWrap: 'wrap',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderRadius: 'l2',
    bg: 'bg.default',
    '&[data-invalid]': { borderColor: 'danger.default' },
  }),
  label: css({ fontWeight: 'medium', flex: '1', minW: '0' }),
  badges: css({ display: 'inline-flex', gap: '1' }),
  actions: css({ display: 'inline-flex', gap: '1', ml: 'auto' }),
  srOnly: css({ srOnly: true }),
}

const styles = {
  ...fieldListStyles,
  selected: css({ borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)' }),
  dragging: css({ opacity: 0.8, zIndex: 1, position: 'relative' }),
  handle: css({
    cursor: 'grab',
    px: '1',
    color: 'fg.muted',
    borderRadius: 'l1',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
  }),
  labelButton: css({
    fontWeight: 'medium',
    flex: '1',
    minW: '0',
    textAlign: 'start',
    cursor: 'pointer',
    _hover: { textDecoration: 'underline' },
  }),
}
