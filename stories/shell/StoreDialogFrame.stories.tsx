import type { Meta, StoryObj } from '@storybook/react-vite'
import { useIntl } from 'react-intl'
import { Button } from '../../src/ui/Button'
import { StoreDialogFrame } from '../../src/ui/shell/StoreDialogFrame'

function Frame({ storeName }: { storeName: string | null }) {
  const intl = useIntl()
  return (
    <StoreDialogFrame
      defaultOpen
      title={intl.formatMessage({ id: 'shell.createSale.title' })}
      storeName={storeName}
      trigger={<Button>{intl.formatMessage({ id: 'shell.createSale.title' })}</Button>}
    >
      <p>
        {intl.formatMessage(
          { id: 'shell.createSale.body' },
          { store: storeName ?? intl.formatMessage({ id: 'shell.storeDialog.noStore' }) },
        )}
      </p>
    </StoreDialogFrame>
  )
}

const meta = {
  title: 'Shell/Store dialog frame',
  component: Frame,
  parameters: { layout: 'centered' },
  args: { storeName: 'Brooklyn Bagels — Williamsburg' },
} satisfies Meta<typeof Frame>

export default meta
type Story = StoryObj<typeof meta>

/** The frame the create-sale and scanner dialogs share: title, the store, body, close. */
export const ForAStore: Story = {}

/** No current store. */
export const NoStore: Story = { args: { storeName: null } }
