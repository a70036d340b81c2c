import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { LOCALES, type Locale } from '../../domain/locale'
import { CheckIcon, GlobeIcon } from './icons'
import { menuStyles, toolbarIconButton } from './menuStyles'

/** Each language named in itself, so it can be found whatever the current one is. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' }
const ORDER: readonly Locale[] = ['en', 'fr']

/** The toolbar's language menu (§1): English and French. */
export function LanguageMenu({
  language,
  onChange,
}: {
  language: Locale
  onChange: (language: Locale) => void
}) {
  const intl = useIntl()
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 6 }}>
      {/* The name starts with the code it shows (WCAG 2.5.3: a speech user says what they see). */}
      <Menu.Trigger
        className={styles.trigger}
        aria-label={intl.formatMessage(
          { id: 'shell.language.trigger' },
          { code: language.toUpperCase(), language: LANGUAGE_NAMES[language] },
        )}
      >
        <GlobeIcon />
        <span aria-hidden="true" className={styles.code}>
          {language.toUpperCase()}
        </span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner className={menuStyles.positioner}>
          <Menu.Content className={menuStyles.content}>
            <Menu.RadioItemGroup
              value={language}
              onValueChange={(d) => {
                const next = LOCALES.find((l) => l === d.value)
                if (next && next !== language) onChange(next)
              }}
            >
              <Menu.ItemGroupLabel className={menuStyles.label}>
                {intl.formatMessage({ id: 'shell.language.label' })}
              </Menu.ItemGroupLabel>
              {ORDER.map((l) => (
                <Menu.RadioItem key={l} value={l} className={menuStyles.item}>
                  <Menu.ItemText lang={l}>{LANGUAGE_NAMES[l]}</Menu.ItemText>
                  <Menu.ItemIndicator className={menuStyles.indicator}>
                    <CheckIcon />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

const styles = {
  trigger: toolbarIconButton,
  code: css({ textStyle: 'xs', letterSpacing: '0.04em', display: { base: 'none', sm: 'inline' } }),
}
