// Request and response shapes of SPEC §7 "Auth and users", checked on both sides with superstruct.
import {
  array,
  assign,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { LANGUAGES } from './constants'
import { FranchiseSummary, StoreSummary } from './franchise'

export const LOGIN_EMAIL_MIN = 4
export const LOGIN_PASSWORD_MIN = 2
/** Passwords chosen in this product (sign-up, reset) are longer than the login minimum of §5. */
export const NEW_PASSWORD_MIN = 8
export const NEW_PASSWORD_MAX = 200

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const Email = refine(
  trimmed(size(string(), 3, 254)),
  'email',
  (v) => EMAIL_PATTERN.test(v) || 'must be an e-mail address',
)

export const LoginRequest = object({
  email: size(trimmed(string()), LOGIN_EMAIL_MIN, 254),
  password: size(string(), LOGIN_PASSWORD_MIN, NEW_PASSWORD_MAX),
})
export type LoginRequest = Infer<typeof LoginRequest>

export const LoginResponse = type({ id: string(), userId: string(), ttl: number(), created: string() })
export type LoginResponse = Infer<typeof LoginResponse>
/** An administrator's token acting as a merchant. */
export const TokenEncodeResponse = assign(LoginResponse, type({ impostorId: string() }))
export const PasswordResetSentResponse = type({ status: literal('sent') })
/** Sign-up's one answer, for a new and a known e-mail alike: a mail is on its way (issue 34). */
export const SignUpSentResponse = type({ status: literal('confirmation_sent') })
export const UserExistsResponse = type({ exists: boolean() })
/** The IP geolocation guess (language and default map place). */
export const IpLocationResponse = type({
  countryCode: string(),
  languages: string(),
  latitude: number(),
  longitude: number(),
})
export const SubscriptionCheckResponse = object({ isSubscribedRetailer: boolean() })
export const PaymentLinkResponse = type({
  id: string(),
  name: string(),
  amountCents: number(),
  currencyCode: string(),
})
export const PaymentUrlResponse = type({ url: string() })

export const SignUpRequest = object({
  email: Email,
  password: size(string(), NEW_PASSWORD_MIN, NEW_PASSWORD_MAX),
  displayName: size(trimmed(string()), 1, 120),
})
export type SignUpRequest = Infer<typeof SignUpRequest>

/** The secret of the mailed sign-up link, which creates the account. */
export const SignUpConfirm = object({ token: size(string(), 16, 200) })

export const PasswordResetRequest = object({ email: size(trimmed(string()), 1, 254) })
export const PasswordResetConfirm = object({
  token: size(string(), 16, 200),
  password: size(string(), NEW_PASSWORD_MIN, NEW_PASSWORD_MAX),
})

export const UserSettings = type({
  layout: optional(enums(['vertical', 'horizontal'])),
  theme: optional(enums(['light', 'dark'])),
  direction: optional(enums(['ltr', 'rtl'])),
  animations: optional(boolean()),
  navbarFolded: optional(boolean()),
  language: optional(enums(LANGUAGES)),
  startPage: optional(pattern(string(), /^\/[A-Za-z0-9/_-]*$/)),
  shortcuts: optional(array(string())),
})
export type UserSettings = Infer<typeof UserSettings>

export const Me = type({
  id: string(),
  email: string(),
  acl: type({ role: string() }),
  /** The admin acting as this user through an impostor token, if any. */
  impostorOf: optional(nullable(string())),
})
export type Me = Infer<typeof Me>

export const UserInfo = type({
  id: string(),
  email: string(),
  role: string(),
  displayName: string(),
  photoURL: nullable(string()),
  hasAcceptedCGV: boolean(),
  isSubscribedRetailer: boolean(),
  isSuperAdmin: boolean(),
  stripeId: nullable(string()),
  data: type({
    displayName: string(),
    photoURL: nullable(string()),
    email: string(),
    settings: UserSettings,
  }),
})
export type UserInfo = Infer<typeof UserInfo>

export const UserPatch = object({
  displayName: optional(size(trimmed(string()), 1, 120)),
  photoURL: optional(nullable(size(string(), 1, 2000))),
})
export const UserInfoPatch = object({ settings: UserSettings })

export const TokenEncodeRequest = object({ userId: string(), impostorId: string() })

export const Category = type({
  id: string(),
  name_fr: string(),
  name_en: string(),
  icon_source: string(),
  icon_name: string(),
})
export type Category = Infer<typeof Category>

/** GET /api/v2/users/me/session: everything the signed-in shell starts with, in one round trip. */
export const SessionStart = type({
  me: Me,
  info: UserInfo,
  /** The owner's franchises and stores (empty for other roles). */
  franchises: array(FranchiseSummary),
  stores: array(StoreSummary),
  categories: array(Category),
})
export type SessionStart = Infer<typeof SessionStart>
