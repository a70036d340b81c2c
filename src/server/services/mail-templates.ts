// The e-mails the product sends to merchants, store owners and (GDPR notices) customers (issue 35 §2), each in its recipient's
// language (SPEC §9: French and English). The adapter adds the HTML part from the text
// (adapters/mail/smtp.ts htmlOf), so a template is written once, as plain text. The sign-up mails
// never repeat what the form said (its name): a stranger's text never reaches the inbox.
import { isLocale, LOCALES, type Locale, pickLocale } from '../../domain/locale'

type Mail = { subject: string; text: string }

const templates = {
  passwordReset: {
    en: (p: { name: string; link: string }): Mail => ({
      subject: 'Reset your password',
      text:
        `Hello ${p.name},\n\nTo choose a new password, open this link within one hour:\n${p.link}\n\n` +
        'If you did not ask for this, ignore this e-mail: your password has not changed.',
    }),
    fr: (p: { name: string; link: string }): Mail => ({
      subject: 'Réinitialisez votre mot de passe',
      text:
        `Bonjour ${p.name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :\n${p.link}\n\n` +
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe n’a pas changé.',
    }),
  },
  franchiseInvitation: {
    en: (p: { franchise: string; link: string }): Mail => ({
      subject: 'Your merchant account',
      text:
        `Hello,\n\nYour merchant account for ${p.franchise} is ready.\n` +
        `To choose your password and sign in, open this link within 7 days:\n${p.link}`,
    }),
    fr: (p: { franchise: string; link: string }): Mail => ({
      subject: 'Votre compte commerçant',
      text:
        `Bonjour,\n\nVotre compte commerçant pour ${p.franchise} est prêt.\n` +
        `Pour choisir votre mot de passe et vous connecter, ouvrez ce lien dans les 7 jours :\n${p.link}`,
    }),
  },
  storeInvitation: {
    en: (p: { name: string; franchise: string; stores: string; link: string }): Mail => ({
      subject: 'Your store owner account',
      text:
        `Hello ${p.name},\n\n${p.franchise} made you the manager of: ${p.stores}.\n` +
        `To choose your password and sign in, open this link within 7 days:\n${p.link}`,
    }),
    fr: (p: { name: string; franchise: string; stores: string; link: string }): Mail => ({
      subject: 'Votre compte de gérant de magasin',
      text:
        `Bonjour ${p.name},\n\n${p.franchise} vous a nommé gérant de : ${p.stores}.\n` +
        `Pour choisir votre mot de passe et vous connecter, ouvrez ce lien dans les 7 jours :\n${p.link}`,
    }),
  },
  signUpConfirm: {
    en: (p: { link: string }): Mail => ({
      subject: 'Confirm your e-mail address',
      text:
        `Hello,\n\nTo create your account, open this link within 24 hours:\n${p.link}\n\n` +
        'If you did not sign up, ignore this e-mail.',
    }),
    fr: (p: { link: string }): Mail => ({
      subject: 'Confirmez votre adresse e-mail',
      text:
        `Bonjour,\n\nPour créer votre compte, ouvrez ce lien dans les 24 heures :\n${p.link}\n\n` +
        'Si vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    }),
  },
  signUpNotice: {
    en: (p: { publicUrl: string }): Mail => ({
      subject: 'Someone tried to sign up with your address',
      text:
        'Hello,\n\nSomeone tried to create an account with this e-mail address, which already has one. ' +
        `If it was you, log in: ${p.publicUrl}/login — or choose a new password: ${p.publicUrl}/pages/auth/forgot-password\n\n` +
        'If it was not you, ignore this e-mail: your account has not changed.',
    }),
    fr: (p: { publicUrl: string }): Mail => ({
      subject: 'Quelqu’un a voulu s’inscrire avec votre adresse',
      text:
        'Bonjour,\n\nQuelqu’un a voulu créer un compte avec cette adresse e-mail, qui en a déjà un. ' +
        `Si c’était vous, connectez-vous : ${p.publicUrl}/login — ou choisissez un nouveau mot de passe : ${p.publicUrl}/pages/auth/forgot-password\n\n` +
        'Sinon, ignorez cet e-mail : votre compte n’a pas changé.',
    }),
  },
  gdprErasure: {
    en: (p: { franchise: string }): Mail => ({
      subject: 'Your personal data has been erased',
      text:
        `Hello,\n\nAs you asked, ${p.franchise} has erased your personal data: your name, e-mail address, ` +
        'phone number, birth date, postcode and the answers you gave. Your past visits and purchases stay in ' +
        'its accounts without anything that names you, and you will receive no more messages from it.\n\n' +
        'This is the last e-mail sent to this address; it is not kept.',
    }),
    fr: (p: { franchise: string }): Mail => ({
      subject: 'Vos données personnelles ont été effacées',
      text:
        `Bonjour,\n\nComme vous l’avez demandé, ${p.franchise} a effacé vos données personnelles : nom, adresse ` +
        'e-mail, numéro de téléphone, date de naissance, code postal et réponses données. Vos visites et achats ' +
        'passés restent dans ses comptes sans rien qui vous nomme, et vous ne recevrez plus de message de sa part.\n\n' +
        'Ceci est le dernier e-mail envoyé à cette adresse ; elle n’est pas conservée.',
    }),
  },
} as const

type Templates = typeof templates
export type MailKind = keyof Templates

/** The message of `kind` in `locale`. */
export function mailOf<K extends MailKind>(
  kind: K,
  locale: Locale,
  params: Parameters<Templates[K]['en']>[0],
): Mail {
  return (templates[kind][locale] as (p: typeof params) => Mail)(params)
}

/** Every language's subject of `kind` (to find such a mail in the outbox, whatever its language). */
export const subjectsOf = (kind: MailKind): string[] =>
  // The subjects take no parameter; the empty ones fill the bodies only.
  LOCALES.map(
    (l) => mailOf(kind, l, { name: '', link: '', franchise: '', stores: '', publicUrl: '' } as never).subject,
  )

/**
 * The language a person reads: the one they chose in their settings, else `fallback` (the request's
 * or the franchise's).
 */
export const recipientLocale = (settingsLanguage: string | null | undefined, fallback: Locale): Locale =>
  isLocale(settingsLanguage) ? settingsLanguage : fallback

/** The language of a request from its Accept-Language header (the browser's first language). */
export const requestLocale = (acceptLanguage: string | undefined): Locale =>
  pickLocale(acceptLanguage?.split(',')[0]?.split(';')[0])
