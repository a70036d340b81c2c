import type { Meta, StoryObj } from '@storybook/react-vite'
import { useIntl } from 'react-intl'
import { TextField } from '../src/ui/Field'
import { FormDialog } from '../src/ui/FormDialog'
import type { MessageId } from '../src/ui/i18n/messages'

const meta = {
  title: 'Design system/FormDialog',
  component: FormDialog,
  args: {
    open: true,
    busy: false,
    title: '',
    submitLabel: '',
    onSubmit: () => {},
    onCancel: () => {},
    children: null,
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof FormDialog>

export default meta
type Story = StoryObj<typeof meta>

function Example({ busy = false, failed = false }: { busy?: boolean; failed?: boolean }) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  return (
    <FormDialog
      open
      busy={busy}
      title={t('ownersManagement.create.title')}
      description={t('ownersManagement.create.description')}
      alert={failed ? <p role="alert">{t('errors.generic')}</p> : undefined}
      submitLabel={t('ownersManagement.create.submit')}
      onSubmit={() => {}}
      onCancel={() => {}}
    >
      <TextField label={t('ownersManagement.create.email')} type="email" defaultValue="lea@example.fr" />
    </FormDialog>
  )
}

/** A form in a dialog: Enter in a field submits, Cancel or Escape closes. */
export const Ready: Story = { render: () => <Example /> }

/** Saving: the submit button spins, nothing closes the dialog. */
export const Saving: Story = { render: () => <Example busy /> }

/** A failed save: the message stands above the fields. */
export const Failed: Story = { render: () => <Example failed /> }
