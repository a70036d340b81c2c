import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { AnyStateMachine } from 'xstate'
import { machineToMermaid } from './machine-mermaid'

export interface MachineDiagramProps {
  machine: AnyStateMachine
  /** What the machine is for, shown above the diagram. */
  description?: string
}

/**
 * A machine's state diagram, drawn in the browser by the local `mermaid` package (no network): the
 * Mermaid source comes from the machine's graph, so the picture can never drift from the code.
 */
export function MachineDiagram({ machine, description }: MachineDiagramProps) {
  const source = useMemo(() => machineToMermaid(machine), [machine])
  const target = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)
  const id = `diagram-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`

  useEffect(() => {
    let cancelled = false
    const dark = document.documentElement.dataset.theme === 'dark'
    // Loaded on demand: only the diagram stories pay for it.
    import('mermaid')
      .then(async ({ default: mermaid }) => {
        mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          theme: dark ? 'dark' : 'default',
          fontFamily: 'inherit',
          state: { useMaxWidth: true },
        })
        const { svg } = await mermaid.render(id, source)
        if (!cancelled && target.current) target.current.innerHTML = svg
      })
      .catch((reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason.message : String(reason))
      })
    return () => {
      cancelled = true
    }
  }, [id, source])

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        <strong>{machine.id}</strong>
        {description && <span> · {description}</span>}
      </figcaption>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : (
        <div
          ref={target}
          className={styles.diagram}
          role="img"
          aria-label={`State diagram of ${machine.id}`}
        />
      )}
      <details className={styles.details}>
        <summary>Mermaid source</summary>
        <pre className={styles.source}>{source}</pre>
      </details>
    </figure>
  )
}

const styles = {
  figure: css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '72rem' }),
  caption: css({ textStyle: 'md', color: 'fg.muted' }),
  diagram: css({
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg.default',
    overflowX: 'auto',
    '& svg': { maxWidth: 'full', height: 'auto' },
  }),
  error: css({ color: 'danger.text' }),
  details: css({ textStyle: 'sm', color: 'fg.muted' }),
  source: css({ mt: '2', p: '3', bg: 'bg.subtle', borderRadius: 'l2', overflowX: 'auto', fontSize: 'xs' }),
}
