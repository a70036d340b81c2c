// A labelled select of one or several values (Ark UI), for filters and short choices.
import { createListCollection, Select } from '@ark-ui/react/select'
import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { ChevronDownIcon } from './shell/icons'
import { SelectOptions } from './shell/SelectOptions'

export type Option = { value: string; label: string }

export interface SelectFieldProps {
  label: string
  options: readonly Option[]
  value: readonly string[]
  onChange: (value: string[]) => void
  /** Several values may be chosen (the list's acquired-from and client-type filters). */
  multiple?: boolean
  placeholder?: string
  className?: string
}

/** A labelled Ark UI select: the trigger is a combobox named by the label, the items are options. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  multiple = false,
  placeholder,
  className,
}: SelectFieldProps) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...options],
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
      }),
    [options],
  )
  return (
    <Select.Root
      collection={collection}
      multiple={multiple}
      value={[...value]}
      onValueChange={(d) => onChange(d.value)}
      positioning={{ sameWidth: true, gutter: 4 }}
      // A multiple select stays open while choosing; a single one closes on a choice.
      closeOnSelect={!multiple}
      className={cx(styles.select, className)}
    >
      <Select.Label className={styles.label}>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger className={styles.trigger}>
          <Select.ValueText className={styles.value} placeholder={placeholder} />
          <Select.Indicator className={styles.indicator}>
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <SelectOptions
        items={collection.items}
        itemKey={(item) => item.value}
        itemLabel={(item) => item.label}
      />
      <Select.HiddenSelect />
    </Select.Root>
  )
}

const styles = {
  select: css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' }),
  label: css({ textStyle: 'sm', fontWeight: 'medium', color: 'fg.default' }),
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    w: 'full',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    textAlign: 'start',
    cursor: 'pointer',
    outline: 'none',
    _hover: { borderColor: 'border.emphasized' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
    '&[data-placeholder-shown]': { color: 'fg.subtle' },
  }),
  value: css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' }),
  indicator: css({
    display: 'inline-flex',
    color: 'fg.subtle',
    flexShrink: '0',
    '& svg': { width: '4', height: '4' },
    _open: { transform: 'rotate(180deg)' },
  }),
}
