// The e-mail and optional name of someone invited to choose a password (a store owner, a
// franchise's owner): one pair of fields for every dialog that invites.
import { TextField } from './Field'

export function InviteeFields({
  labels,
  email,
  displayName,
  errors,
  onChange,
}: {
  labels: { email: string; displayName: string }
  email: string
  displayName: string
  /** Translated messages, by field. */
  errors: { email?: string | undefined; displayName?: string | undefined }
  onChange: (field: 'email' | 'displayName', value: string) => void
}) {
  return (
    <>
      <TextField
        label={labels.email}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        value={email}
        onChange={(e) => onChange('email', e.currentTarget.value)}
        invalid={Boolean(errors.email)}
        errorText={errors.email}
      />
      <TextField
        label={labels.displayName}
        name="displayName"
        autoComplete="off"
        maxLength={120}
        value={displayName}
        onChange={(e) => onChange('displayName', e.currentTarget.value)}
        invalid={Boolean(errors.displayName)}
        errorText={errors.displayName}
      />
    </>
  )
}
