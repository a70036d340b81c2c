import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import { forwardRef } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { Spinner } from './Spinner'

export interface ButtonProps extends HTMLArkProps<'button'>, ButtonVariantProps {
  /** Shows a spinner, sets aria-busy and blocks clicks while an action runs (no double submit). */
  loading?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const [variants, { loading = false, disabled, className, children, type, asChild, ...rest }] =
    button.splitVariantProps(props)
  return (
    <ark.button
      ref={ref}
      asChild={asChild}
      // Default to "button" so a button inside a form never submits it by accident; asChild targets
      // (links) must not receive a type at all.
      type={asChild ? undefined : (type ?? 'button')}
      className={cx(button(variants), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...rest}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading && <Spinner />}
          {children}
        </>
      )}
    </ark.button>
  )
})
