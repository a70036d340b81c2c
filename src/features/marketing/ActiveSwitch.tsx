// The "active" switch of an automation: on its list card and in its editor.
import { css } from 'styled-system/css'
import { useT } from '../../ui/i18n/t'

export function ActiveSwitch({
  checked,
  disabled,
  onToggle,
}: {
  checked: boolean
  disabled?: boolean
  onToggle: () => void
}) {
  const t = useT()
  return (
    <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
      />
      {t('automatedMarketing.active')}
    </label>
  )
}
