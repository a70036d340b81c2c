import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'

const root = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  fontWeight: 'semibold',
  textStyle: 'md',
})
const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '9',
  height: '9',
  borderRadius: 'l3',
  bg: 'accent.solid',
  color: 'accent.contrast',
  boxShadow: 'sm',
  '& svg': { width: '5', height: '5' },
})
const inverted = css({ '& > span:first-of-type': { bg: 'white/15', boxShadow: 'none', color: 'white' } })

/** The product's logo and name (the navbar will reuse it). `inverted` is for brand-coloured panels. */
export function BrandMark({
  inverted: isInverted = false,
  className,
}: {
  inverted?: boolean
  className?: string
}) {
  const intl = useIntl()
  return (
    <span className={cx(root, isInverted && inverted, className)}>
      <span className={badge}>
        {/* A star in a loyalty stamp. Decorative: the name next to it is the text. */}
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M12 2.8l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
        </svg>
      </span>
      <span>{intl.formatMessage({ id: 'app.name' })}</span>
    </span>
  )
}
