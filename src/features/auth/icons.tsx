import { Icon, type IconProps } from '../../ui/icons'

// Icons only the auth pages use, drawn like src/ui/icons (24×24, stroke = currentColor, decorative).

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </Icon>
)

export const LinkBrokenIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 17H7A5 5 0 0 1 7 7h2" />
    <path d="M15 7h2a5 5 0 0 1 4 8" />
    <path d="M8 12h3" />
    <path d="m2 2 20 20" />
  </Icon>
)
