import { ClientConfirmDialog, RedeemDescription } from './ClientConfirmDialog'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'

/** Confirm the redemption of an offer with the client's points. */
export function ClientRedeemOfferDialog({ view, send, name }: ClientDetailPartProps & { name: string }) {
  const t = useT()
  return (
    <ClientConfirmDialog
      view={view}
      send={send}
      dialog="redeemOffer"
      title={t('pages.clients.offersDialog.title')}
      description={
        view.offerToRedeem ? (
          <RedeemDescription view={view}>
            {t('pages.clients.offersDialog.description', {
              offer: view.offerToRedeem.name,
              points: view.offerToRedeem.redeemPointAmount,
              name,
            })}
          </RedeemDescription>
        ) : undefined
      }
      confirmLabel={t('pages.clients.offersDialog.confirm')}
    />
  )
}
