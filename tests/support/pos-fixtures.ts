// A point-of-sale account form as the settings screen sends it (the store id aside).
export const POS_FORM = {
  type: 'LOCAL',
  providerStoreId: 'LYON-01',
  posType: 'Caisse X',
  canSync: true,
  canManageCurrentSale: false,
  canRedeemLoyaltyOffer: true,
  hasClickAndCollect: false,
  resetDelay: 120,
  linkReceiptDelay: 3600,
  receiptDeletionDelay: 0,
}
