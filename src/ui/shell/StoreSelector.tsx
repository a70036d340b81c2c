import { createListCollection, Select } from '@ark-ui/react/select'
import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { ALL_STORES, type StoreSummary } from '../../domain/franchise'
import { ChevronDownIcon, StoreIcon } from './icons'
import { SelectOptions } from './SelectOptions'

export interface StoreSelectorProps {
  stores: readonly StoreSummary[]
  /** Offers "All stores" first (its value is ALL_STORES); who may choose it is the session's rule. */
  withAllStores?: boolean
  currentStoreId: string | null
  onChange: (storeId: string) => void
}

/** The toolbar's store selector (§1): the owned stores; choosing one makes it the current store. */
export function StoreSelector({
  stores,
  withAllStores = false,
  currentStoreId,
  onChange,
}: StoreSelectorProps) {
  const intl = useIntl()
  const allStoresLabel = intl.formatMessage({ id: 'shell.storeSelector.allStores' })
  const collection = useMemo(
    () =>
      createListCollection({
        items: [
          ...(withAllStores ? [{ id: ALL_STORES, name: allStoresLabel }] : []),
          ...stores.map((s) => ({ id: s.id, name: s.name })),
        ],
        itemToValue: (s) => s.id,
        itemToString: (s) => s.name,
      }),
    [stores, withAllStores, allStoresLabel],
  )
  return (
    <Select.Root
      collection={collection}
      value={currentStoreId ? [currentStoreId] : []}
      onValueChange={(d) => {
        const id = d.value[0]
        if (id && id !== currentStoreId) onChange(id)
      }}
      positioning={{ sameWidth: false, placement: 'bottom-end', gutter: 6 }}
      className={styles.root}
    >
      <Select.Label className={styles.srOnly}>
        {intl.formatMessage({ id: 'shell.storeSelector.label' })}
      </Select.Label>
      <Select.Control>
        <Select.Trigger className={styles.trigger}>
          <StoreIcon className={styles.icon} />
          <Select.ValueText
            className={styles.value}
            placeholder={intl.formatMessage({ id: 'shell.storeSelector.placeholder' })}
          />
          <Select.Indicator className={styles.indicator}>
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <SelectOptions
        items={collection.items}
        itemKey={(store) => store.id}
        itemLabel={(store) => store.name}
      />
      <Select.HiddenSelect />
    </Select.Root>
  )
}

const styles = {
  root: css({ minW: '0', flexShrink: { base: '0', sm: '1' } }),
  srOnly: css({ srOnly: true }),
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    h: '10',
    maxW: { base: '44', xl: '72' },
    px: { base: '2.5', sm: '3' },
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    fontWeight: 'medium',
    cursor: 'pointer',
    outline: 'none',
    _hover: { borderColor: 'border.emphasized', bg: 'bg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  }),
  icon: css({ width: '4.5', height: '4.5', flexShrink: '0', color: 'fg.muted' }),
  // Phones show the store icon only; the label still names the control.
  value: css({
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minW: '0',
    display: { base: 'none', sm: 'block' },
  }),
  indicator: css({
    display: 'inline-flex',
    color: 'fg.subtle',
    '& svg': { width: '4', height: '4' },
    _open: { transform: 'rotate(180deg)' },
  }),
}
