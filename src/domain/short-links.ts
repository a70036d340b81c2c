// A campaign recipient's short link (issue 18): `<public url>/r/<code>`, where the code is 12
// base64url characters drawn by the database (72 random bits, tables-campaigns.ts link_code). The SMS
// carries it in place of the campaign's link or as the coupon's link, so the text's length check must
// count the short link, not the merchant's URL: `smsLinkSample` is what the editor and the server count.

export const SHORT_CODE_LENGTH = 12
export const SHORT_CODE = /^[A-Za-z0-9_-]{12}$/

export const isShortCode = (code: unknown): code is string =>
  typeof code === 'string' && SHORT_CODE.test(code)

/** The link a recipient gets. */
export const shortLinkUrl = (publicUrl: string, code: string) => `${publicUrl.replace(/\/$/, '')}/r/${code}`

/** A link of the length every recipient's short link has (for counting an SMS before it is sent). */
export const smsLinkSample = (publicUrl: string) => shortLinkUrl(publicUrl, 'x'.repeat(SHORT_CODE_LENGTH))

/** The contents that give each recipient a coupon. */
export const COUPON_CONTENTS = ['COUPON_AMOUNT', 'COUPON_PERCENT', 'COUPON_PRODUCT'] as const
export const isCouponContent = (content: string) => (COUPON_CONTENTS as readonly string[]).includes(content)

/**
 * Whether a campaign's message carries a short link: when it has a link to follow or a coupon to show.
 * A plain text campaign carries none.
 */
export const carriesShortLink = (c: { link?: string | null; content: string }) =>
  !!c.link?.trim() || isCouponContent(c.content)

/**
 * The link an SMS campaign's text is counted with (SPEC §5: the link counts toward the length): the
 * short link every recipient gets when the campaign carries one, else none. Counting the merchant's
 * own URL instead would be wrong both ways (a long URL refused, a short one under-counted).
 */
export const smsCountedLink = (c: { link?: string | null; content: string }, publicUrl: string) =>
  carriesShortLink(c) ? smsLinkSample(publicUrl) : undefined
