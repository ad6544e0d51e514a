// index.html's entry: the portal's addresses get the light portal island (no antd, no router; it replaces the
// prerendered page in place), every other address the console, each loaded on demand so neither pays for the other.
// The portal's CSS is here, render-blocking, for the prerendered page; portal-boot.js preloads the island's chunks.
import './portal/portal.css'
import type { ConsoleEntry } from './portal/island.tsx'

const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no #root element')

const loadConsole = (): Promise<ConsoleEntry> => import('./app/start-console.tsx')

/** The addresses the island draws (the same list as island.tsx's ISLAND_PATHS and portal-boot.js). */
const isPortal = /^\/(?:portal(?:\/(?:home|auth)?)?)?$/.test(window.location.pathname)

if (isPortal)
  void import('./portal/island.tsx').then(({ mountPortal }) => mountPortal(container, loadConsole))
else
  void loadConsole().then(({ mountConsole }) => {
    container.replaceChildren()
    mountConsole(container)
  })
