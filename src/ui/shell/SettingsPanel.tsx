import { RadioGroup } from '@ark-ui/react/radio-group'
import { Switch } from '@ark-ui/react/switch'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { Direction, Layout, Preferences, Theme } from '../../../machines/preferences/preferences'
import type { MessageId } from '../i18n/messages'
import { SideDrawer } from './SideDrawer'

type Choice<T extends string> = { value: T; label: MessageId; preview: ReactNode }

const LAYOUTS: Choice<Layout>[] = [
  { value: 'vertical', label: 'shell.settings.layoutVertical', preview: <LayoutPreview vertical /> },
  { value: 'horizontal', label: 'shell.settings.layoutHorizontal', preview: <LayoutPreview /> },
]
const THEMES: Choice<Theme>[] = [
  { value: 'light', label: 'shell.settings.themeLight', preview: <ThemePreview /> },
  { value: 'dark', label: 'shell.settings.themeDark', preview: <ThemePreview dark /> },
]
const DIRECTIONS: Choice<Direction>[] = [
  { value: 'ltr', label: 'shell.settings.directionLtr', preview: <DirectionPreview /> },
  { value: 'rtl', label: 'shell.settings.directionRtl', preview: <DirectionPreview rtl /> },
]

export interface SettingsPanelProps {
  preferences: Preferences
  onChange: (changes: Partial<Preferences>) => void
  /** The toolbar button that opens it. */
  trigger?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The layout settings panel (§1): layout, theme, direction and animations, applied at once. */
export function SettingsPanel({
  preferences,
  onChange,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
}: SettingsPanelProps) {
  const intl = useIntl()
  return (
    <SideDrawer
      side="end"
      title={intl.formatMessage({ id: 'shell.settings.title' })}
      description={intl.formatMessage({ id: 'shell.settings.description' })}
      trigger={trigger}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
    >
      <div className={styles.sections}>
        <Choices
          label="shell.settings.layout"
          choices={LAYOUTS}
          value={preferences.layout}
          onChange={(layout) => onChange({ layout })}
        />
        <Choices
          label="shell.settings.theme"
          choices={THEMES}
          value={preferences.theme}
          onChange={(theme) => onChange({ theme })}
        />
        <Choices
          label="shell.settings.direction"
          choices={DIRECTIONS}
          value={preferences.direction}
          onChange={(direction) => onChange({ direction })}
        />
        <Switch.Root
          className={styles.switchRoot}
          checked={preferences.animations}
          onCheckedChange={(d) => onChange({ animations: d.checked })}
        >
          <span className={styles.switchText}>
            <Switch.Label className={styles.switchLabel}>
              {intl.formatMessage({ id: 'shell.settings.animations' })}
            </Switch.Label>
            <span className={styles.hint}>{intl.formatMessage({ id: 'shell.settings.animationsHint' })}</span>
          </span>
          <Switch.Control className={styles.switchControl}>
            <Switch.Thumb className={styles.switchThumb} />
          </Switch.Control>
          <Switch.HiddenInput />
        </Switch.Root>
      </div>
    </SideDrawer>
  )
}

function Choices<T extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  label: MessageId
  choices: Choice<T>[]
  value: T
  onChange: (value: T) => void
}) {
  const intl = useIntl()
  return (
    <RadioGroup.Root
      className={styles.group}
      value={value}
      onValueChange={(d) => {
        const next = choices.find((c) => c.value === d.value)
        if (next && next.value !== value) onChange(next.value)
      }}
    >
      <RadioGroup.Label className={styles.groupLabel}>{intl.formatMessage({ id: label })}</RadioGroup.Label>
      <div className={styles.options}>
        {choices.map((c) => (
          <RadioGroup.Item key={c.value} value={c.value} className={styles.option}>
            <span className={styles.preview} aria-hidden="true">
              {c.preview}
            </span>
            <span className={styles.optionRow}>
              <RadioGroup.ItemControl className={styles.radio} />
              <RadioGroup.ItemText>{intl.formatMessage({ id: c.label })}</RadioGroup.ItemText>
            </span>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  )
}

// Small drawings of each choice (decorative: the label names it).
function LayoutPreview({ vertical = false }: { vertical?: boolean }) {
  return (
    <svg viewBox="0 0 96 60" className={styles.svg} aria-hidden="true">
      <rect x="0.5" y="0.5" width="95" height="59" rx="5" className={styles.svgFrame} />
      {vertical ? (
        <>
          <rect x="4" y="4" width="14" height="52" rx="3" className={styles.svgAccent} />
          <rect x="22" y="4" width="70" height="8" rx="2" className={styles.svgMuted} />
          <rect x="22" y="16" width="70" height="40" rx="3" className={styles.svgSoft} />
        </>
      ) : (
        <>
          <rect x="4" y="4" width="88" height="8" rx="2" className={styles.svgMuted} />
          <rect x="4" y="15" width="88" height="6" rx="2" className={styles.svgAccent} />
          <rect x="4" y="24" width="88" height="32" rx="3" className={styles.svgSoft} />
        </>
      )}
    </svg>
  )
}
function ThemePreview({ dark = false }: { dark?: boolean }) {
  return (
    <svg viewBox="0 0 96 60" className={styles.svg} aria-hidden="true">
      <rect
        x="0.5"
        y="0.5"
        width="95"
        height="59"
        rx="5"
        fill={dark ? '#0f172a' : '#f8fafc'}
        stroke="#94a3b8"
      />
      <rect x="4" y="4" width="14" height="52" rx="3" fill={dark ? '#1e293b' : '#ffffff'} />
      <rect x="22" y="4" width="70" height="8" rx="2" fill={dark ? '#1e293b' : '#ffffff'} />
      <rect x="22" y="16" width="40" height="6" rx="2" fill={dark ? '#5f5ff6' : '#4c43ea'} />
      <rect x="22" y="26" width="70" height="30" rx="3" fill={dark ? '#1e293b' : '#ffffff'} />
    </svg>
  )
}
function DirectionPreview({ rtl = false }: { rtl?: boolean }) {
  const x = (v: number, w: number) => (rtl ? 96 - v - w : v)
  return (
    <svg viewBox="0 0 96 60" className={styles.svg} aria-hidden="true">
      <rect x="0.5" y="0.5" width="95" height="59" rx="5" className={styles.svgFrame} />
      <rect x={x(4, 14)} y="4" width="14" height="52" rx="3" className={styles.svgAccent} />
      <rect x={x(24, 56)} y="10" width="56" height="5" rx="2" className={styles.svgMuted} />
      <rect x={x(24, 40)} y="20" width="40" height="5" rx="2" className={styles.svgMuted} />
      <rect x={x(24, 48)} y="30" width="48" height="5" rx="2" className={styles.svgMuted} />
    </svg>
  )
}

const styles = {
  sections: css({ display: 'flex', flexDirection: 'column', gap: '7' }),
  group: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  groupLabel: css({ fontWeight: 'semibold', color: 'fg.default' }),
  options: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' }),
  option: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2.5',
    p: '2.5',
    borderWidth: '1px',
    borderRadius: 'l3',
    cursor: 'pointer',
    bg: 'bg.default',
    transitionProperty: 'border-color, box-shadow, background',
    transitionDuration: 'fast',
    _hover: { borderColor: 'border.emphasized' },
    _checked: {
      borderColor: 'accent.solid',
      bg: 'accent.subtle',
      boxShadow: '0 0 0 1px var(--colors-accent-solid)',
    },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
    '&:has(input:focus-visible)': {
      outline: '2px solid',
      outlineColor: 'accent.focusRing',
      outlineOffset: '2px',
    },
  }),
  preview: css({ display: 'block', borderRadius: 'l2', overflow: 'hidden' }),
  optionRow: css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'medium' }),
  radio: css({
    width: '4',
    height: '4',
    flexShrink: '0',
    borderRadius: 'full',
    borderWidth: '1.5px',
    borderColor: 'border.emphasized',
    bg: 'bg.default',
    _checked: { borderColor: 'accent.solid', borderWidth: '5px' },
  }),
  svg: css({ display: 'block', width: 'full', height: 'auto' }),
  svgFrame: css({ fill: 'bg.subtle', stroke: 'border.emphasized' }),
  svgAccent: css({ fill: 'accent.solid', opacity: 0.85 }),
  svgMuted: css({ fill: 'bg.muted' }),
  svgSoft: css({ fill: 'bg.default' }),
  switchRoot: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '4',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    cursor: 'pointer',
    '&:has(input:focus-visible)': {
      outline: '2px solid',
      outlineColor: 'accent.focusRing',
      outlineOffset: '2px',
    },
  }),
  switchText: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  switchLabel: css({ fontWeight: 'semibold', color: 'fg.default' }),
  hint: css({ textStyle: 'xs', color: 'fg.muted' }),
  switchControl: css({
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: '0',
    width: '10',
    height: '6',
    p: '0.5',
    borderRadius: 'full',
    bg: 'bg.muted',
    transitionProperty: 'background',
    transitionDuration: 'fast',
    _checked: { bg: 'accent.solid' },
  }),
  switchThumb: css({
    width: '5',
    height: '5',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transitionProperty: 'transform',
    transitionDuration: 'fast',
    _checked: { transform: 'translateX(16px)', _rtl: { transform: 'translateX(-16px)' } },
  }),
}
