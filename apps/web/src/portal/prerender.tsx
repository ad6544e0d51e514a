// Build time: the portal's markup (zh-CN, signed out, no offer yet) for index.html's #root, so the page paints before
// any script runs; the island hydrates it in place (same nodes, so the first paint stays the largest one). It is
// inert until then: nothing can be sent, clicked or switched before the island is there.
import { renderToString } from 'react-dom/server'
import { DEFAULT_LANGUAGE } from '../shared/i18n/language.ts'
import { Portal } from './portal-page.tsx'

const ignore = () => undefined

/** The first render of the island for a signed-out visitor in the default language, exactly. */
export const renderPortal = (): string =>
  `<div class="pt-pre" inert>${renderToString(
    <Portal
      language={DEFAULT_LANGUAGE}
      onLanguage={ignore}
      navigate={ignore}
      search=""
      isSignedIn={false}
      offer={{ regions: [], plans: [] }}
      onSignedIn={async () => undefined}
    />,
  )}</div>`
