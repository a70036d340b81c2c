// The SMS settings (issue 35 §3), read from the environment once (config.ts); README "Configuration".
import type { SmsProvider } from '.'
import type { TwilioConfig } from './twilio'
import type { VonageConfig } from './vonage'

export type VonageSignatureMethod = 'md5hash' | 'md5' | 'sha1' | 'sha256' | 'sha512'

export type SmsConfig = {
  provider: SmsProvider
  /** The generic HTTP provider (SMS_API_URL, SMS_API_KEY). */
  url?: string | undefined
  key?: string | undefined
  /** Signs the generic provider's inbound messages (POST /webhooks/sms/inbound). */
  webhookSecret?: string | undefined
  twilio?: TwilioConfig | undefined
  vonage?: (VonageConfig & { signatureSecret: string; signatureMethod: VonageSignatureMethod }) | undefined
}

const PROVIDERS: SmsProvider[] = ['local', 'http', 'twilio', 'vonage']
const METHODS: VonageSignatureMethod[] = ['md5hash', 'md5', 'sha1', 'sha256', 'sha512']

/** The callback addresses each provider is given (and signs its requests against). */
export const smsCallbacks = (publicUrl: string) => ({
  twilioStatus: `${publicUrl}/webhooks/sms/twilio/status`,
  twilioInbound: `${publicUrl}/webhooks/sms/twilio/inbound`,
  vonageStatus: `${publicUrl}/webhooks/sms/vonage/status`,
  vonageInbound: `${publicUrl}/webhooks/sms/vonage/inbound`,
})

export function smsConfig(env: NodeJS.ProcessEnv, publicUrl: string): SmsConfig {
  const value = (name: string) => env[name]?.trim() || undefined
  const provider = (value('SMS_PROVIDER') ?? (value('SMS_API_URL') ? 'http' : 'local')) as SmsProvider
  if (!PROVIDERS.includes(provider))
    throw new Error(`SMS_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${env.SMS_PROVIDER}"`)
  const need = (name: string) => {
    const v = value(name)
    if (!v) throw new Error(`${name} is required when SMS_PROVIDER=${provider}`)
    return v
  }
  const base: SmsConfig = {
    provider,
    url: value('SMS_API_URL'),
    key: value('SMS_API_KEY'),
    webhookSecret: value('SMS_WEBHOOK_SECRET'),
  }
  const callbacks = smsCallbacks(publicUrl)
  if (provider === 'http') need('SMS_API_URL')
  if (provider === 'twilio') {
    const from = value('TWILIO_FROM')
    const messagingServiceSid = value('TWILIO_MESSAGING_SERVICE_SID')
    if (!from && !messagingServiceSid)
      throw new Error('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio')
    const accountSid = need('TWILIO_ACCOUNT_SID')
    // Twilio's library refuses any other at its first call, which is the first send (it loads then):
    // refused here, the server does not start with it.
    if (!accountSid.startsWith('AC')) throw new Error('TWILIO_ACCOUNT_SID must start with AC')
    base.twilio = {
      accountSid,
      authToken: need('TWILIO_AUTH_TOKEN'),
      from,
      messagingServiceSid,
      statusCallback: callbacks.twilioStatus,
      baseUrl: value('TWILIO_API_URL'),
    }
  }
  if (provider === 'vonage') {
    const method = (value('VONAGE_SIGNATURE_METHOD') ?? 'sha256') as VonageSignatureMethod
    if (!METHODS.includes(method))
      throw new Error(`VONAGE_SIGNATURE_METHOD must be one of ${METHODS.join(', ')}, got "${method}"`)
    base.vonage = {
      apiKey: need('VONAGE_API_KEY'),
      apiSecret: need('VONAGE_API_SECRET'),
      // Checked by production mode (production.ts): without it no receipt or reply can be verified.
      signatureSecret: value('VONAGE_SIGNATURE_SECRET') ?? '',
      signatureMethod: method,
      from: value('VONAGE_FROM'),
      callback: callbacks.vonageStatus,
      restHost: value('VONAGE_REST_URL'),
    }
  }
  return base
}
