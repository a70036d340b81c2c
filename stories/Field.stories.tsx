import type { Meta, StoryObj } from '@storybook/react-vite'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { TextField, type TextFieldProps } from '../src/ui/Field'

// Labels come from the catalogue so the story switches language with the toolbar.
function EmailField(props: Partial<TextFieldProps>) {
  const intl = useIntl()
  return (
    <div className={css({ maxW: 'sm' })}>
      <TextField
        label={intl.formatMessage({ id: 'auth.login.email' })}
        placeholder={intl.formatMessage({ id: 'auth.login.emailPlaceholder' })}
        type="email"
        {...props}
      />
    </div>
  )
}

const meta = {
  title: 'Design system/Field',
  component: EmailField,
} satisfies Meta<typeof EmailField>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { defaultValue: 'marie@boulangerie-dupont.fr' } }

export const WithHelperText: Story = {
  render: () => {
    const intl = useIntl()
    return <EmailField helperText={intl.formatMessage({ id: 'auth.login.subtitle' })} />
  },
}

export const Required: Story = { args: { required: true } }

export const Invalid: Story = {
  render: () => {
    const intl = useIntl()
    return (
      <EmailField
        defaultValue="ma"
        invalid
        errorText={intl.formatMessage({ id: 'auth.login.errors.emailMin' })}
      />
    )
  },
}

export const Disabled: Story = { args: { disabled: true, defaultValue: 'marie@boulangerie-dupont.fr' } }
