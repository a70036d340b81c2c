// The gift wheel drawn in SVG (issue 22): slices sized by weight (domain/game-wheel.ts wheelSlices),
// a pointer at the top, and a CSS rotation to the angle the caller gives — on the play page, the
// angle that lands on the server's result. No animation library; with reduced motion (the user's
// setting, or `instant`) the wheel is simply shown at its final angle.
import { css } from 'styled-system/css'
import { type Slice, slicePath } from '../domain/game-wheel'

const PALETTE = ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#f97316']
const LOSE = '#94a3b8'
const SIZE = 240
const C = SIZE / 2
const R = C - 6

export function GiftWheel({
  slices,
  rotation = 0,
  durationMs = 0,
  label,
  legend = false,
}: {
  slices: readonly Slice[]
  /** Degrees, clockwise. */
  rotation?: number
  /** How long the turn to `rotation` lasts (0: at once). */
  durationMs?: number
  /** The wheel's accessible name (its slices are listed for screen readers). */
  label: string
  /**
   * Lists the slices visibly (colour, whole name, share): the merchant's preview, where a name longer
   * than a slice can hold must still be read in full.
   */
  legend?: boolean
}) {
  const colourOf = (s: Slice, i: number) => (s.rewardId === null ? LOSE : PALETTE[i % PALETTE.length])
  return (
    <figure className={styles.figure}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className={styles.svg} role="img" aria-label={label}>
        <g
          className={styles.wheel}
          style={{
            transform: `rotate(${rotation}deg)`,
            transitionDuration: `${durationMs}ms`,
          }}
        >
          {slices.map((s, i) =>
            s.end - s.start > 0 ? (
              <path
                key={s.rewardId ?? 'lose'}
                d={slicePath(C, R, s.start, s.end)}
                fill={colourOf(s, i)}
                stroke="white"
                strokeWidth={2}
              />
            ) : null,
          )}
          {slices.map((s) => {
            const sweep = s.end - s.start
            if (sweep < 12) return null
            const mid = (s.start + s.end) / 2
            return (
              <text
                key={`t-${s.rewardId ?? 'lose'}`}
                x={C}
                y={C - R * 0.62}
                transform={`rotate(${mid} ${C} ${C})`}
                textAnchor="middle"
                className={styles.text}
              >
                {s.label.length > 14 ? `${s.label.slice(0, 13)}…` : s.label}
              </text>
            )
          })}
          <circle cx={C} cy={C} r={14} fill="white" stroke="#0f172a" strokeWidth={2} />
        </g>
        <path d={`M ${C - 10} 2 L ${C + 10} 2 L ${C} 24 Z`} fill="#0f172a" />
      </svg>
      <figcaption className={legend ? styles.legend : styles.caption}>
        <ul className={legend ? styles.legendList : undefined}>
          {slices.map((s, i) => (
            <li key={s.rewardId ?? 'lose'} className={legend ? styles.legendItem : undefined}>
              {legend && (
                <span aria-hidden="true" className={styles.swatch} style={{ background: colourOf(s, i) }} />
              )}
              <span className={legend ? styles.legendName : undefined}>
                {s.label}: {Math.round(s.units) / 100} %
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}

const styles = {
  figure: css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', m: 0 }),
  svg: css({ w: 'full', maxW: '20rem', h: 'auto' }),
  wheel: css({
    transformOrigin: '50% 50%',
    transformBox: 'view-box',
    transitionProperty: 'transform',
    transitionTimingFunction: 'cubic-bezier(0.17, 0.67, 0.12, 0.99)',
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0ms !important' },
  }),
  text: css({ fill: 'white', fontSize: '11px', fontWeight: 'semibold' }),
  legend: css({ w: 'full', maxW: '20rem', fontSize: 'sm' }),
  legendList: css({ display: 'flex', flexDir: 'column', gap: '1', listStyle: 'none', p: 0, m: 0 }),
  legendItem: css({ display: 'flex', alignItems: 'baseline', gap: '2' }),
  legendName: css({ overflowWrap: 'anywhere' }),
  swatch: css({ w: '3', h: '3', borderRadius: 'sm', flexShrink: 0, alignSelf: 'center' }),
  caption: css({
    position: 'absolute',
    w: '1px',
    h: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  }),
}
