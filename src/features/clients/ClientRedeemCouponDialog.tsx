import { ClientConfirmDialog, RedeemDescription } from './ClientConfirmDialog'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'

/** Confirm the redemption of one of the client's coupons. */
export function ClientRedeemCouponDialog({ view, send, name }: ClientDetailPartProps & { name: string }) {
  const t = useT()
  return (
    <ClientConfirmDialog
      view={view}
      send={send}
      dialog="redeemCoupon"
      title={t('pages.clients.couponsDialog.title')}
      description={
        view.couponToRedeem ? (
          <RedeemDescription view={view}>
            {t('pages.clients.couponsDialog.description', { coupon: view.couponToRedeem.header, name })}
          </RedeemDescription>
        ) : undefined
      }
      confirmLabel={t('pages.clients.couponsDialog.confirm')}
    />
  )
}
