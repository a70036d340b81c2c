import { useReducer } from 'react'
import { type LoginField, LoginPage } from './LoginPage'
import { canSubmitLogin, type LoginValues } from './login-form'

type Change = { field: LoginField; value: string }

const reducer = (values: LoginValues, { field, value }: Change): LoginValues => ({
  ...values,
  [field]: value,
})

const noErrors = {}

/**
 * Temporary owner of the login form's values until the login machine arrives (next issue): it only
 * remembers what was typed and computes whether the form may be submitted. It never calls the network.
 */
export function LoginContainer() {
  const [values, dispatch] = useReducer(reducer, { email: '', password: '' })
  return (
    <LoginPage
      email={values.email}
      password={values.password}
      errors={noErrors}
      isLoading={false}
      canSubmit={canSubmitLogin(values)}
      onChange={(field, value) => dispatch({ field, value })}
      onSubmit={() => {}}
    />
  )
}
