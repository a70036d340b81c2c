// The client list on a phone (issue 24): one card per client with what a phone screen has room for —
// the name (the client's page), the points and the last visit — instead of an eight-column table.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ClientRow } from '../../domain/clients'
import { useClock } from '../../ui/i18n/clock'
import { fullName } from './format'
import { clientPath } from './paths'

export function ClientCards({
  rows,
  linked,
  label,
  busy,
}: {
  rows: readonly ClientRow[]
  linked: boolean
  label: string
  busy: boolean
}) {
  const intl = useIntl()
  const { date } = useClock()
  return (
    <ul className={styles.list} aria-label={label} aria-busy={busy || undefined} data-layout="cards">
      {rows.map((row) => (
        <li key={row.id} className={styles.card}>
          {linked ? (
            <Link href={clientPath(row.id)} className={`${link()} ${styles.name}`}>
              {fullName(row)}
            </Link>
          ) : (
            <span className={styles.name}>{fullName(row)}</span>
          )}
          <span className={styles.points}>
            {intl.formatMessage({ id: 'pages.clients.card.points' }, { count: row.points })}
          </span>
          <span className={styles.visit}>
            {intl.formatMessage({ id: 'pages.clients.card.lastVisit' }, { date: date(row.lastVisitAt) })}
          </span>
        </li>
      ))}
    </ul>
  )
}

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  card: css({
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: '1 3',
    p: '3',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  name: css({ fontWeight: 'semibold', minW: '0', overflowWrap: 'anywhere' }),
  points: css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', textAlign: 'end' }),
  visit: css({ gridColumn: '1 / -1', color: 'fg.muted', textStyle: 'sm' }),
}
