import { useFieldContext } from '@ark-ui/react/field'
import { PasswordInput as ArkPasswordInput, usePasswordInputContext } from '@ark-ui/react/password-input'
import { type ComponentProps, forwardRef, type MouseEvent, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { cx } from 'styled-system/css'
import { input, passwordInput } from 'styled-system/recipes'
import { Field } from './Field'
import { EyeIcon, EyeOffIcon } from './icons'

export interface PasswordInputProps
  extends Omit<ComponentProps<typeof ArkPasswordInput.Input>, 'type' | 'children' | 'size'> {
  label: ReactNode
  helperText?: ReactNode
  /** Shown (and announced) only when `invalid` is true. */
  errorText?: ReactNode
  invalid?: boolean
  required?: boolean
  disabled?: boolean
  autoComplete?: 'current-password' | 'new-password'
  defaultVisible?: boolean
  visible?: boolean
  onVisibilityChange?: (visible: boolean) => void
}

/**
 * Password field with a show/hide toggle. The toggle is a real button whose accessible name says
 * what it will do ("Show password" / "Hide password", translated).
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  {
    label,
    helperText,
    errorText,
    invalid,
    required,
    disabled,
    autoComplete = 'current-password',
    defaultVisible,
    visible,
    onVisibilityChange,
    className,
    ...inputProps
  },
  ref,
) {
  const intl = useIntl()
  const slots = passwordInput()
  return (
    // Field.Root provides the ids, so Ark's PasswordInput reuses the field's input id and the
    // label, helper and error text point at the right element.
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <ArkPasswordInput.Root
        className={slots.root}
        autoComplete={autoComplete}
        defaultVisible={defaultVisible}
        visible={visible}
        onVisibilityChange={onVisibilityChange ? (details) => onVisibilityChange(details.visible) : undefined}
        translations={{
          visibilityTrigger: (isVisible) =>
            intl.formatMessage({ id: isVisible ? 'ui.password.hide' : 'ui.password.show' }),
        }}
      >
        <ArkPasswordInput.Control className={slots.control}>
          <PasswordField
            ref={ref}
            className={cx(input(), slots.input, className)}
            hasErrorText={Boolean(errorText)}
            {...inputProps}
          />
          <VisibilityToggle className={slots.visibilityTrigger} indicatorClassName={slots.indicator} />
        </ArkPasswordInput.Control>
      </ArkPasswordInput.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {errorText && <Field.ErrorText>{errorText}</Field.ErrorText>}
    </Field.Root>
  )
})

type PasswordFieldProps = ComponentProps<typeof ArkPasswordInput.Input> & { hasErrorText: boolean }

// Ark's password input takes the field's id and helper text but not its error link; add it so the
// error is tied to the input exactly as for a text field (aria-errormessage).
const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { hasErrorText, ...props },
  ref,
) {
  const field = useFieldContext()
  const errorId = field?.invalid && hasErrorText ? field.ids.errorText : undefined
  return <ArkPasswordInput.Input ref={ref} aria-errormessage={errorId} {...props} />
})

function VisibilityToggle({
  className,
  indicatorClassName,
}: {
  className: string
  indicatorClassName: string
}) {
  const api = usePasswordInputContext()
  // Zag toggles on pointerdown (so the input keeps focus) and takes the button out of the tab order.
  // We put it back in the tab order and handle keyboard activation (a click with detail 0), so
  // keyboard and screen-reader users can reveal what they typed too.
  const onKeyboardClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail === 0) api.toggleVisible()
  }
  return (
    <ArkPasswordInput.VisibilityTrigger className={className} tabIndex={0} onClick={onKeyboardClick}>
      <ArkPasswordInput.Indicator className={indicatorClassName} fallback={<EyeIcon />}>
        <EyeOffIcon />
      </ArkPasswordInput.Indicator>
    </ArkPasswordInput.VisibilityTrigger>
  )
}
