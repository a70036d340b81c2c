import { useIntl } from 'react-intl'
import { CheckCircleIcon } from '../../ui/icons'

const HIGHLIGHTS = [
  'auth.login.highlights.clients',
  'auth.login.highlights.campaigns',
  'auth.login.highlights.analytics',
] as const

/** What the product does, in three ticked lines: the login's welcome panel and the plan card. */
export function Highlights({ className }: { className: string }) {
  const intl = useIntl()
  return (
    <ul className={className}>
      {HIGHLIGHTS.map((id) => (
        <li key={id}>
          <CheckCircleIcon />
          {intl.formatMessage({ id })}
        </li>
      ))}
    </ul>
  )
}
