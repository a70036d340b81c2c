import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { RoleLabel } from '../../domain/roles'
import type { MessageId } from '../i18n/messages'
import { ChevronDownIcon, LogoutIcon, ShieldIcon, UserIcon } from './icons'
import { menuStyles } from './menuStyles'

export const ROLE_LABELS: Record<RoleLabel, MessageId> = {
  admin: 'shell.roles.admin',
  registered: 'shell.roles.registered',
  storeOwner: 'shell.roles.storeOwner',
  franchiseOwner: 'shell.roles.franchiseOwner',
  none: 'shell.roles.none',
}

export interface UserMenuProps {
  displayName: string
  email: string
  photoURL: string | null
  roleLabel: RoleLabel
  /** Owners have a profile page. */
  canOpenProfile: boolean
  /** Super-admins, and an admin acting as a merchant. */
  canOpenAdministration: boolean
  onProfile: () => void
  onAdministration: () => void
  onLogout: () => void
}

export function initials(name: string): string {
  const parts = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

/** The toolbar's user menu (§1): name and role label, profile, administration and logout. */
export function UserMenu(props: UserMenuProps) {
  const intl = useIntl()
  const role = intl.formatMessage({ id: ROLE_LABELS[props.roleLabel] })
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      onSelect={(d) => {
        if (d.value === 'profile') props.onProfile()
        else if (d.value === 'administration') props.onAdministration()
        else if (d.value === 'logout') props.onLogout()
      }}
    >
      <Menu.Trigger
        className={styles.trigger}
        aria-label={intl.formatMessage({ id: 'shell.userMenu.label' }, { name: props.displayName, role })}
      >
        {/* The initials are the avatar's picture, like the photo, not words of the button's name (which
            starts with the name and role shown beside them, WCAG 2.5.3): drawn as generated content. */}
        <span
          className={styles.avatar}
          aria-hidden="true"
          data-initials={props.photoURL ? undefined : initials(props.displayName)}
        >
          {props.photoURL && <img src={props.photoURL} alt="" className={styles.photo} />}
        </span>
        {/* The space between name and role is text, not only layout: axe and speech input read the
            words shown as "<name> <role>", which the name above contains (glued together, they did not). */}
        <span className={styles.identity} aria-hidden="true">
          <span className={styles.name}>{props.displayName}</span> <span className={styles.role}>{role}</span>
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner className={menuStyles.positioner}>
          <Menu.Content className={menuStyles.content}>
            <div className={styles.header}>
              <span className={styles.headerName}>{props.displayName}</span>
              <span className={styles.headerEmail}>{props.email}</span>
              <span className={styles.badge}>{role}</span>
            </div>
            <Menu.Separator className={menuStyles.separator} />
            {props.canOpenProfile && (
              <Menu.Item value="profile" className={menuStyles.item}>
                <UserIcon className={menuStyles.itemIcon} />
                {intl.formatMessage({ id: 'shell.userMenu.profile' })}
              </Menu.Item>
            )}
            {props.canOpenAdministration && (
              <Menu.Item value="administration" className={menuStyles.item}>
                <ShieldIcon className={menuStyles.itemIcon} />
                {intl.formatMessage({ id: 'shell.userMenu.administration' })}
              </Menu.Item>
            )}
            <Menu.Item value="logout" className={menuStyles.item}>
              <LogoutIcon className={menuStyles.itemIcon} />
              {intl.formatMessage({ id: 'shell.userMenu.logout' })}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

const styles = {
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: '0',
    gap: '2.5',
    h: '11',
    ps: '1',
    pe: '2',
    borderRadius: 'full',
    cursor: 'pointer',
    outline: 'none',
    textAlign: 'start',
    _hover: { bg: 'bg.subtle' },
    _expanded: { bg: 'bg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '9',
    height: '9',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'accent.subtleHover',
    color: 'accent.text',
    textStyle: 'xs',
    fontWeight: 'bold',
    overflow: 'hidden',
    _before: { content: 'attr(data-initials)' },
  }),
  photo: css({ width: 'full', height: 'full', objectFit: 'cover' }),
  identity: css({
    display: { base: 'none', lg: 'flex' },
    flexDirection: 'column',
    lineHeight: '1.15',
    maxW: '44',
  }),
  name: css({ fontWeight: 'semibold', color: 'fg.default', truncate: true }),
  role: css({ textStyle: 'xs', color: 'fg.muted', truncate: true }),
  chevron: css({ width: '4', height: '4', color: 'fg.subtle', display: { base: 'none', lg: 'block' } }),
  header: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    px: '2.5',
    pt: '2',
    pb: '1.5',
    maxW: '72',
  }),
  headerName: css({ fontWeight: 'semibold', color: 'fg.default', truncate: true }),
  headerEmail: css({ textStyle: 'xs', color: 'fg.muted', truncate: true }),
  badge: css({
    alignSelf: 'flex-start',
    mt: '1.5',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.text',
    textStyle: 'xs',
    fontWeight: 'semibold',
  }),
}
