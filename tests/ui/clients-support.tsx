// Renders the signed-in app (real session, shell and client machines) on the in-memory client base:
// the client list follows the memory router like it follows the browser's address.
import { type Mock, vi } from 'vitest'
import type { Locale } from '../../src/domain/locale'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { clientMachinesFor } from '../support/client-machines'
import { type ClientsBackend, createClientsBackend } from '../support/clients-backend'
import { routerEffects } from '../support/router-effects'
import { renderShell, type ShellOptions } from './shell-support'

export type ClientsOptions = Pick<ShellOptions, 'as'> & {
  path?: string
  locale?: Locale
  backend?: ClientsBackend
}

type Spied<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? T[K] & Mock : T[K] }

/** Spies on every call of the fake back end (vi.fn keeps calling the real method). */
function spied(backend: ClientsBackend): Spied<ClientsBackend> {
  for (const key of Object.keys(backend) as (keyof ClientsBackend)[])
    if (typeof backend[key] === 'function')
      (backend as Record<string, unknown>)[key] = vi.fn(backend[key] as never)
  return backend as Spied<ClientsBackend>
}

export function renderClients({
  path = '/pages/user/clients',
  locale = 'en',
  as,
  backend,
}: ClientsOptions = {}) {
  const base = spied(backend ?? createClientsBackend())
  const notices: string[] = []
  const { effects, attach } = routerEffects(notices)
  const app = renderShell({
    path,
    locale,
    ...(as ? { as } : {}),
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={clientMachinesFor(base)}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, backend: base, notices }
}

/** Chooses options of an open Ark select by clicking them, then closes it with Escape. */
export async function chooseOptions(
  user: ReturnType<typeof renderShell>['user'],
  combobox: HTMLElement,
  names: (string | RegExp)[],
) {
  const { screen } = await import('@testing-library/react')
  await user.click(combobox)
  for (const name of names) await user.click(await screen.findByRole('option', { name }))
  if (combobox.getAttribute('aria-expanded') === 'true') await user.keyboard('{Escape}')
}
