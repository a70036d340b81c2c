import { Portal } from '@ark-ui/react/portal'
import { Select } from '@ark-ui/react/select'
import { CheckIcon } from './icons'
import { menuStyles } from './menuStyles'

/** The options popover every Ark Select of the app shares: one item per entry, a check on the chosen. */
export function SelectOptions<T>({
  items,
  itemKey,
  itemLabel,
}: {
  items: T[]
  itemKey: (item: T) => string
  itemLabel: (item: T) => string
}) {
  return (
    <Portal>
      <Select.Positioner className={menuStyles.positioner}>
        <Select.Content className={menuStyles.content}>
          {items.map((item) => (
            <Select.Item key={itemKey(item)} item={item} className={menuStyles.item}>
              <Select.ItemText>{itemLabel(item)}</Select.ItemText>
              <Select.ItemIndicator className={menuStyles.indicator}>
                <CheckIcon />
              </Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Portal>
  )
}
