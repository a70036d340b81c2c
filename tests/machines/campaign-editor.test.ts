// The campaign editor (machines/campaign-editor): model-based paths over the loading, the target with
// its audience, and the steps to the validation dialog, each replayed on the real machine; what every
// path must show is checked on the view and on the calls it made, not on the generated state.
import { describe, expect, it } from 'vitest'
import { campaignEditorMachine } from '../../machines/campaign-editor'
import {
  generatePaths,
  imageEvents,
  input,
  loadingEvents,
  newsEvents,
  replay,
  stepEvents,
  targetEvents,
} from '../support/campaign-editor-model'
import { expectEveryStateReached } from '../support/model'

const models = [
  generatePaths(campaignEditorMachine, loadingEvents(), input),
  generatePaths(campaignEditorMachine, targetEvents as never, input),
  generatePaths(campaignEditorMachine, stepEvents as never, input),
  generatePaths(campaignEditorMachine, imageEvents as never, input),
]
const paths = models.flat()
const newsPaths = generatePaths(campaignEditorMachine, newsEvents as never, input)

describe('campaign editor machine (model-based)', () => {
  it('reaches every state', () => {
    expectEveryStateReached(campaignEditorMachine, paths)
  })

  // Hundreds of paths replayed: the time limit is room on a busy 2-core machine (the full suite runs the
  // browser journeys beside it), not a speed check; it took 60 s there once.
  it('replays every path: only valid steps are passed, only valid campaigns saved, failures go back', () => {
    expect(paths.length).toBeGreaterThan(100)
    for (const path of paths) replay(path)
  }, 180_000)

  it('replays the news item paths: created with a period (and a title apart), or linked', () => {
    expect(newsPaths.length).toBeGreaterThan(20)
    for (const path of newsPaths) replay(path)
  }, 180_000)
})
