// A campaign part: a titled box of the editors' steps and of a campaign's detail.
import type { ReactNode } from 'react'
import { styles } from './styles'

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  )
}
