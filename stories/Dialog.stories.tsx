import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button } from '../src/ui/Button'
import { ConfirmDialog, Dialog } from '../src/ui/Dialog'
import { TextField } from '../src/ui/Field'
import { notify } from '../src/ui/Toast'

const meta = {
  title: 'Design system/Dialog',
  component: ConfirmDialog,
  args: { title: '', onConfirm: () => {} },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

/** A general dialog: title, body, footer actions and the corner close button. */
export const Basic: Story = {
  render: () => {
    const intl = useIntl()
    return (
      <Dialog.Root defaultOpen>
        <Dialog.Trigger asChild>
          <Button variant="outline">
            <FormattedMessage id="auth.login.email" />
          </Button>
        </Dialog.Trigger>
        <Dialog.Panel>
          <Dialog.Header>
            <Dialog.Title>
              <FormattedMessage id="auth.login.title" />
            </Dialog.Title>
            <Dialog.Description>
              <FormattedMessage id="auth.login.subtitle" />
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <TextField label={intl.formatMessage({ id: 'auth.login.email' })} type="email" />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <Button variant="outline" tone="neutral">
                <FormattedMessage id="common.cancel" />
              </Button>
            </Dialog.CloseTrigger>
            <Button>
              <FormattedMessage id="common.save" />
            </Button>
          </Dialog.Footer>
        </Dialog.Panel>
      </Dialog.Root>
    )
  },
}

function DeleteClient({ loading = false }: { loading?: boolean }) {
  const intl = useIntl()
  return (
    <ConfirmDialog
      defaultOpen
      destructive
      loading={loading}
      title={intl.formatMessage({ id: 'pages.clients.deleteClient.title' })}
      description={intl.formatMessage(
        { id: 'pages.clients.deleteClient.description' },
        { name: 'Marie Dupont' },
      )}
      confirmLabel={intl.formatMessage({ id: 'pages.clients.deleteClient.confirm' })}
      onConfirm={() => notify.success('pages.clients.deleteClient.success')}
      trigger={
        <Button tone="danger" variant="outline">
          <FormattedMessage id="common.delete" />
        </Button>
      }
    />
  )
}

/** Destructive confirmation: alertdialog role, red action, focus starts on Cancel. */
export const ConfirmDestructive: Story = { render: () => <DeleteClient /> }

/** While the deletion runs the action spins and the dialog cannot be dismissed. */
export const ConfirmLoading: Story = { render: () => <DeleteClient loading /> }
