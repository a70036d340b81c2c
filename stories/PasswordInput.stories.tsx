import type { Meta, StoryObj } from '@storybook/react-vite'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { PasswordInput, type PasswordInputProps } from '../src/ui/PasswordInput'

function LoginPassword(props: Partial<PasswordInputProps>) {
  const intl = useIntl()
  return (
    <div className={css({ maxW: 'sm' })}>
      <PasswordInput
        label={intl.formatMessage({ id: 'auth.login.password' })}
        placeholder={intl.formatMessage({ id: 'auth.login.passwordPlaceholder' })}
        {...props}
      />
    </div>
  )
}

const meta = {
  title: 'Design system/PasswordInput',
  component: LoginPassword,
} satisfies Meta<typeof LoginPassword>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Hidden: Story = { args: { defaultValue: 'correct horse battery' } }

export const Visible: Story = { args: { defaultValue: 'correct horse battery', defaultVisible: true } }

export const Invalid: Story = {
  render: () => {
    const intl = useIntl()
    return (
      <LoginPassword
        defaultValue="x"
        invalid
        errorText={intl.formatMessage({ id: 'auth.login.errors.passwordMin' })}
      />
    )
  },
}

export const Disabled: Story = { args: { disabled: true, defaultValue: 'secret' } }
