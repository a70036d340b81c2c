import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../Button'
import { InfoIcon } from '../icons'
import { ReceiptIcon, ScanIcon } from './icons'
import { StoreDialogFrame } from './StoreDialogFrame'

const body = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  p: '4',
  borderRadius: 'l3',
  bg: 'bg.subtle',
  color: 'fg.muted',
  '& svg': { width: '5', height: '5', flexShrink: '0', color: 'accent.text', mt: '0.5' },
})
const label = css({ display: { base: 'none', xl: 'inline' } })

/** §1 create-sale button (manual-amount loyalty): opens the sale dialog for the current store. */
export function CreateSaleDialog({ storeName }: { storeName: string | null }) {
  const intl = useIntl()
  const title = intl.formatMessage({ id: 'shell.createSale.title' })
  return (
    <StoreDialogFrame
      title={title}
      storeName={storeName}
      trigger={
        <Button size="md" aria-label={title}>
          <ReceiptIcon />
          <span className={label} aria-hidden="true">
            {title}
          </span>
        </Button>
      }
    >
      <p className={body}>
        <InfoIcon />
        <span>
          {intl.formatMessage(
            { id: 'shell.createSale.body' },
            { store: storeName ?? intl.formatMessage({ id: 'shell.storeDialog.noStore' }) },
          )}
        </span>
      </p>
    </StoreDialogFrame>
  )
}

/** §1 scanner button (store with the scanner enabled): opens the tag scanner dialog. */
export function ScannerDialog({ storeName }: { storeName: string | null }) {
  const intl = useIntl()
  const title = intl.formatMessage({ id: 'shell.scanner.title' })
  return (
    <StoreDialogFrame
      title={title}
      storeName={storeName}
      trigger={
        <Button size="md" variant="outline" tone="neutral" aria-label={title}>
          <ScanIcon />
          <span className={label} aria-hidden="true">
            {title}
          </span>
        </Button>
      }
    >
      <p className={body}>
        <InfoIcon />
        <span>
          {intl.formatMessage(
            { id: 'shell.scanner.body' },
            { store: storeName ?? intl.formatMessage({ id: 'shell.storeDialog.noStore' }) },
          )}
        </span>
      </p>
    </StoreDialogFrame>
  )
}
