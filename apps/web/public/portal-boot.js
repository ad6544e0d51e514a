// Runs before index.html's first paint (a classic script: the page's CSP allows no inline one). The stored language
// and the address decide whether the prerendered portal shows (zh-CN, on the portal's addresses; the console's page
// replaces it elsewhere), and with a token cookie its sign-in form waits for the live card. It then starts the app
// (build/prerender.ts moved the entry here): at once on a console address, right after the first paint on the portal,
// with the island's chunks preloaded.
;(() => {
  const root = document.documentElement
  const script = document.currentScript
  try {
    if (window.localStorage.getItem('language') === 'en-US') root.lang = 'en-US'
  } catch {
    // storage unavailable: the default language shows
  }
  if (/(?:^|;\s*)token=[^;]/.test(document.cookie)) root.dataset.signedIn = ''
  const isPortal = /^\/(?:portal(?:\/(?:home|auth)?)?)?$/.test(window.location.pathname)
  if (!isPortal) root.dataset.view = 'app'

  const list = (name) => (script?.dataset[name] ?? '').split(' ').filter(Boolean)
  const append = (tag, attributes) => {
    const element = document.createElement(tag)
    element.crossOrigin = ''
    Object.assign(element, attributes)
    document.head.append(element)
  }
  let isStarted = false
  const start = () => {
    if (isStarted || !script?.dataset.entry) return
    isStarted = true
    for (const href of [...list('preload'), ...(isPortal ? list('island') : [])])
      append('link', { rel: 'modulepreload', href })
    append('script', { type: 'module', src: script.dataset.entry })
  }
  if (!isPortal) start()
  else {
    // After the first frame; a tab opened in the background (no frames) still starts.
    requestAnimationFrame(() => setTimeout(start, 0))
    setTimeout(start, 250)
  }
})()
