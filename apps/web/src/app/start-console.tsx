// The console's start, loaded by index.html's entry for every address but the portal's, and by the portal when the
// visitor moves on: i18n (it reads the stored language), the HTTP wiring, then React on the page's root.
import 'antd/dist/reset.css'
import './global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { savePreferences } from '../shared/api/update-me.ts'
import { type Language, persistLanguage, readLanguage } from '../shared/i18n/language.ts'
import { App } from './app.tsx'
import { setupHttp } from './http/setup-http.ts'
import { i18n, loadLanguage } from './i18n.ts'
import { queryClient } from './query-client.ts'
import { router } from './routing/router.tsx'
import { restoreAfterSignIn as restore } from './session/restore-after-sign-in.ts'

setupHttp((to, options) => router.navigate(to, options))

export const restoreAfterSignIn = () => restore(queryClient)

export const saveLanguage = async (language: Language): Promise<void> => {
  persistLanguage(language)
  await i18n.changeLanguage(language)
  await savePreferences(queryClient, { language })
}

/** Mounts the console at the current address, or at `to` when the portal hands over (its router may be older). */
export const mountConsole = (container: HTMLElement, to?: string, replace = true): void => {
  let language = i18n.language
  try {
    language = readLanguage()
  } catch {
    // storage unavailable: i18n keeps what it has
  }
  if (to !== undefined) void router.navigate(to, { replace })
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  // en-US's texts are a chunk of their own: the first render waits for the stored language's (zh-CN's are here).
  if (i18n.language === language && i18n.hasLoadedNamespace('common')) render()
  else
    void loadLanguage(language)
      .then(() => i18n.changeLanguage(language))
      .catch(() => undefined)
      .finally(render)
}
