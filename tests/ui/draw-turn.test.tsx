// Costly parts draw one at a time, each in a task of its own (src/ui/useDrawTurn.ts): the second chart
// of the dashboard does not mount while the first is drawing, mounts only in a later task once the first
// has drawn, and a part that goes away before drawing gives its turn to the next one.
import { act, render, screen } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DRAW_PATIENCE_MS, useDrawTurn } from '../../src/ui/useDrawTurn'

const drawnBy = new Map<string, () => void>()

function Part({ name }: { name: string }) {
  const [mayDraw, drawn] = useDrawTurn()
  drawnBy.set(name, drawn)
  return mayDraw ? <p>{`${name} drawn`}</p> : <p>{`${name} waiting`}</p>
}

/** Waits for the frame and the task the next turn is given in. */
const nextTurn = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

/** Two parts that draw in turn, optionally inside strict mode. */
const renderTwo = (first: string, second: string, strict = false) => {
  const parts = (
    <>
      <Part name={first} />
      <Part name={second} />
    </>
  )
  return render(strict ? <StrictMode>{parts}</StrictMode> : parts)
}

/** The part says it drew, and the turn it frees is given. */
const finishDrawing = async (name: string) => {
  act(() => drawnBy.get(name)?.())
  await nextTurn()
}

describe('useDrawTurn', () => {
  it('gives the next part its turn only after the previous one has drawn, in a later task', async () => {
    renderTwo('visits', 'clients')
    expect(screen.getByText('visits drawn')).toBeTruthy()
    expect(screen.getByText('clients waiting')).toBeTruthy()
    await nextTurn()
    // Still waiting: the first part has not said it drew.
    expect(screen.getByText('clients waiting')).toBeTruthy()
    act(() => drawnBy.get('visits')?.())
    // Not in the same task as the first drawing.
    expect(screen.getByText('clients waiting')).toBeTruthy()
    await nextTurn()
    expect(screen.getByText('clients drawn')).toBeTruthy()
    await finishDrawing('clients')
  })

  it('passes the turn on when the drawing part goes away before it drew', async () => {
    function Page() {
      const [first, setFirst] = useState(true)
      return (
        <>
          {first && <Part name="first" />}
          <Part name="second" />
          <button type="button" onClick={() => setFirst(false)}>
            leave
          </button>
        </>
      )
    }
    render(<Page />)
    expect(screen.getByText('first drawn')).toBeTruthy()
    expect(screen.getByText('second waiting')).toBeTruthy()
    act(() => screen.getByRole('button', { name: 'leave' }).click())
    await nextTurn()
    expect(screen.getByText('second drawn')).toBeTruthy()
    await finishDrawing('second')
  })

  it('keeps one drawing at a time when a part mounts twice, as in strict mode', async () => {
    renderTwo('visits', 'clients', true)
    expect(screen.getByText('visits drawn')).toBeTruthy()
    await nextTurn()
    // The turn freed by the first mount is not given to the second part while the first draws.
    expect(screen.getByText('clients waiting')).toBeTruthy()
    await finishDrawing('visits')
    expect(screen.getByText('clients drawn')).toBeTruthy()
    await finishDrawing('clients')
  })

  it('does not keep the next part waiting for ever when one never says it drew', async () => {
    renderTwo('stuck', 'next')
    expect(screen.getByText('stuck drawn')).toBeTruthy()
    await nextTurn()
    expect(screen.getByText('next waiting')).toBeTruthy()
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAW_PATIENCE_MS + 100)))
    expect(screen.getByText('next drawn')).toBeTruthy()
    await finishDrawing('next')
  })
})
