// Every machine that has a diagram story, by the name the stories use.

import { accessMachine } from '../../machines/access/access.machine'
import { adminMerchantsListMachine } from '../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../machines/admin-merchants/admin-merchants-actions.machine'
import { analyticsMachine } from '../../machines/analytics/analytics.machine'
import { automationEditorMachine } from '../../machines/automation-editor/automation-editor.machine'
import { automationListMachine } from '../../machines/automation-list/automation-list.machine'
import { campaignCouponMachine } from '../../machines/campaign-coupon/campaign-coupon.machine'
import { campaignDetailMachine } from '../../machines/campaign-detail/campaign-detail.machine'
import { campaignEditorMachine } from '../../machines/campaign-editor/campaign-editor.machine'
import { campaignHistoryMachine } from '../../machines/campaign-history/campaign-history.machine'
import { clientCrmMachine } from '../../machines/client-crm/client-crm.machine'
import { clientDetailMachine } from '../../machines/client-detail/client-detail.machine'
import { clientEraseMachine } from '../../machines/client-erase/client-erase.machine'
import { clientExpiryMachine } from '../../machines/client-expiry/client-expiry.machine'
import { clientFormMachine } from '../../machines/client-form/client-form.machine'
import { clientCreateMachine } from '../../machines/client-list/client-create.machine'
import { clientListMachine } from '../../machines/client-list/client-list.list'
import { confirmationMachine } from '../../machines/confirmation/confirmation.machine'
import { couponRedeemMachine } from '../../machines/coupon-redeem/coupon-redeem.machine'
import { createSaleMachine } from '../../machines/create-sale/create-sale.machine'
import { crmClientsMachine } from '../../machines/crm-clients/crm-clients.list'
import { crmEditorMachine } from '../../machines/crm-editor/crm-editor.machine'
import { demoMachine } from '../../machines/demo/demo.machine'
import { downloadMachine } from '../../machines/download/download.machine'
import { emarketingMachine } from '../../machines/emarketing/emarketing.machine'
import { expirySettingsMachine } from '../../machines/expiry-settings/expiry-settings.machine'
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine'
import { franchisePanelMachine } from '../../machines/franchise-panel/franchise-panel.machine'
import { franchiseSettingsMachine } from '../../machines/franchise-settings/franchise-settings.machine'
import { gameDetailMachine } from '../../machines/game-detail/game-detail.machine'
import { gameHistoryMachine } from '../../machines/game-history/game-history.machine'
import { gamePlayMachine } from '../../machines/game-play/game-play.machine'
import { gameWizardMachine } from '../../machines/game-wizard/game-wizard.machine'
import { importMachine } from '../../machines/import/import.machine'
import { landingMachine } from '../../machines/landing/landing.machine'
import { loginMachine } from '../../machines/login/login.machine'
import { loyaltyCardMachine } from '../../machines/loyalty-card/loyalty-card.machine'
import { loyaltyOffersMachine } from '../../machines/loyalty-offers/loyalty-offers.machine'
import { messagesListMachine } from '../../machines/messages-list/messages-list.list'
import { newsEditorMachine } from '../../machines/news-editor/news-editor.machine'
import { newsActionsMachine } from '../../machines/news-list/news-actions.machine'
import { newsListMachine } from '../../machines/news-list/news-list.list'
import { offersCalendarMachine } from '../../machines/offers-calendar/offers-calendar.machine'
import { onboardingMachine } from '../../machines/onboarding/onboarding.machine'
import { ownersListMachine } from '../../machines/owners/owners.list'
import { ownersActionsMachine } from '../../machines/owners/owners-actions.machine'
import { phoneCodeMachine } from '../../machines/phone-code/phone-code.machine'
import { posIntegrationMachine } from '../../machines/pos-integration/pos-integration.machine'
import { profileMachine } from '../../machines/profile/profile.machine'
import { registerMachine } from '../../machines/register/register.machine'
import { registerConfirmMachine } from '../../machines/register-confirm/register-confirm.machine'
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine'
import { satisfactionMachine } from '../../machines/satisfaction/satisfaction.machine'
import { scanMachine } from '../../machines/scan/scan.machine'
import { scannerSelectMachine } from '../../machines/scanner-select/scanner-select.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { startupMachine } from '../../machines/startup/startup.machine'
import { storeEditorMachine } from '../../machines/store-editor/store-editor.machine'
import { storeOpinionsMachine } from '../../machines/store-opinions/store-opinions.machine'
import { storeTagsMachine } from '../../machines/store-tags/store-tags.machine'
import { storesListMachine } from '../../machines/stores-list/stores-list.machine'
import { subscriptionMachine } from '../../machines/subscription/subscription.machine'
import { tagScannerMachine } from '../../machines/tag-scanner/tag-scanner.machine'
import { testSendMachine } from '../../machines/test-send/test-send.machine'
import { webhooksMachine } from '../../machines/webhooks/webhooks.machine'

export const DIAGRAM_MACHINES = {
  session: sessionMachine,
  startup: startupMachine,
  login: loginMachine,
  access: accessMachine,
  register: registerMachine,
  registerConfirm: registerConfirmMachine,
  forgotPassword: forgotPasswordMachine,
  resetPassword: resetPasswordMachine,
  confirmation: confirmationMachine,
  clientList: clientListMachine,
  clientCreate: clientCreateMachine,
  clientDetail: clientDetailMachine,
  clientForm: clientFormMachine,
  storesList: storesListMachine,
  storeEditor: storeEditorMachine,
  franchiseSettings: franchiseSettingsMachine,
  satisfaction: satisfactionMachine,
  storeOpinions: storeOpinionsMachine,
  owners: ownersListMachine,
  ownersActions: ownersActionsMachine,
  messagesList: messagesListMachine,
  campaignCoupon: campaignCouponMachine,
  newsList: newsListMachine,
  newsActions: newsActionsMachine,
  newsEditor: newsEditorMachine,
  offersCalendar: offersCalendarMachine,
  profile: profileMachine,
  subscription: subscriptionMachine,
  loyaltyCard: loyaltyCardMachine,
  loyaltyOffers: loyaltyOffersMachine,
  posIntegration: posIntegrationMachine,
  webhooks: webhooksMachine,
  scan: scanMachine,
  createSale: createSaleMachine,
  scannerSelect: scannerSelectMachine,
  tagScanner: tagScannerMachine,
  storeTags: storeTagsMachine,
  adminMerchants: adminMerchantsListMachine,
  merchantActions: merchantActionsMachine,
  franchisePanel: franchisePanelMachine,
  analytics: analyticsMachine,
  onboarding: onboardingMachine,
  demo: demoMachine,
  campaignEditor: campaignEditorMachine,
  campaignHistory: campaignHistoryMachine,
  campaignDetail: campaignDetailMachine,
  phoneCode: phoneCodeMachine,
  crmEditor: crmEditorMachine,
  crmClients: crmClientsMachine,
  clientCrm: clientCrmMachine,
  clientErase: clientEraseMachine,
  gameWizard: gameWizardMachine,
  gameHistory: gameHistoryMachine,
  gameDetail: gameDetailMachine,
  gamePlay: gamePlayMachine,
  automationList: automationListMachine,
  automationEditor: automationEditorMachine,
  emarketing: emarketingMachine,
  landing: landingMachine,
  expirySettings: expirySettingsMachine,
  clientExpiry: clientExpiryMachine,
  import: importMachine,
  couponRedeem: couponRedeemMachine,
  download: downloadMachine,
  testSend: testSendMachine,
}
