import { styles } from './ClientDetail.styles'

/** The placeholder shown while the client loads. */
export function ClientDetailSkeleton() {
  return (
    <div className={styles.skeletonBox} aria-hidden="true">
      <span className={styles.skeleton} data-size="title" />
      <div className={styles.stats}>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={styles.skeleton} data-size="card" />
        ))}
      </div>
      <span className={styles.skeleton} data-size="block" />
    </div>
  )
}
