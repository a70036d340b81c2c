// What the webhooks panel's parts share: their props, the translator and the styles.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { WebhooksEvent } from '../../../machines/webhooks/webhooks.machine'
import type { WebhooksView } from '../../../machines/webhooks/webhooks.view'
import type { MessageId } from '../../ui/i18n/messages'

export type WebhooksProps = { view: WebhooksView; send: (event: WebhooksEvent) => void }

export function useT() {
  const intl = useIntl()
  return (id: MessageId | string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: id as MessageId }, values)
}

export const styles = {
  section: css({
    display: 'grid',
    gap: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    mt: '6',
  }),
  header: css({ display: 'flex', gap: '4', alignItems: 'flex-start', justifyContent: 'space-between' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  list: css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'grid',
    gap: '2',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'l2',
    p: '3',
  }),
  row: css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' }),
  url: css({ fontFamily: 'mono', textStyle: 'sm', wordBreak: 'break-all', fontWeight: 'medium' }),
  secret: css({
    fontFamily: 'mono',
    textStyle: 'sm',
    wordBreak: 'break-all',
    bg: 'bg.subtle',
    p: '2',
    borderRadius: 'l2',
  }),
  centered: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' }),
}
