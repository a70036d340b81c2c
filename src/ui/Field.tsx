import { Field as ArkField } from '@ark-ui/react/field'
import { type ComponentProps, forwardRef, type ReactNode } from 'react'
import { createStyleContext, styled } from 'styled-system/jsx'
import { field, input } from 'styled-system/recipes'

// Ark's Field wires label ↔ input ↔ helper/error text ids, aria-describedby and aria-invalid; the
// recipe only styles the parts, so every form of the product gets the same accessible structure.
const { withProvider, withContext } = createStyleContext(field)

const Root = withProvider(ArkField.Root, 'root')
const Label = withContext(ArkField.Label, 'label')
const HelperText = withContext(ArkField.HelperText, 'helperText')
const ErrorText = withContext(ArkField.ErrorText, 'errorText')
const RequiredIndicator = withContext(ArkField.RequiredIndicator, 'requiredIndicator')
const Input = styled(ArkField.Input, input)

export const Field = { Root, Label, Input, HelperText, ErrorText, RequiredIndicator }

export interface TextFieldProps extends Omit<ComponentProps<typeof Input>, 'children'> {
  label: ReactNode
  helperText?: ReactNode
  /** Shown (and announced) only when `invalid` is true. */
  errorText?: ReactNode
  invalid?: boolean
  required?: boolean
  disabled?: boolean
  readOnly?: boolean
}

/** Label + input + helper + error in one call, for the common case. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, helperText, errorText, invalid, required, disabled, readOnly, ...inputProps },
  ref,
) {
  return (
    <Root invalid={invalid} required={required} disabled={disabled} readOnly={readOnly}>
      <Label>
        {label}
        <RequiredIndicator />
      </Label>
      <Input ref={ref} {...inputProps} />
      {helperText && <HelperText>{helperText}</HelperText>}
      {errorText && <ErrorText>{errorText}</ErrorText>}
    </Root>
  )
})
