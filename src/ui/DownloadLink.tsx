import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'

export interface DownloadLinkProps extends ButtonVariantProps {
  href: string
  children: React.ReactNode
  className?: string
}

/**
 * A file download drawn as a button: a plain link the browser saves (the file streams to disk, nothing
 * is read into the page), so a large export costs the page no memory.
 */
export function DownloadLink({ href, children, className, ...variants }: DownloadLinkProps) {
  return (
    <a
      href={href}
      download
      className={cx(button({ variant: 'outline', tone: 'neutral', ...variants }), className)}
    >
      {children}
    </a>
  )
}
