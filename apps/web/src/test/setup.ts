// jsdom gaps antd relies on, Testing Library clean-up between tests (vitest runs without globals),
// and the app's i18n (both languages), so tests of shared/ need not import the app to have translations.
// Runs before every test file, after fresh-file.ts.
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { i18n, loadLanguage } from '../app/i18n.ts'
import { enlargeSelectorCache } from './selector-cache.ts'

// The console loads en-US's texts on demand; tests switch languages at will, so both are at hand from the start.
for (const [namespace, texts] of Object.entries((await loadLanguage('en-US')).texts))
  i18n.addResourceBundle('en-US', namespace, texts)

afterEach(() => cleanup())

// findBy* and waitFor wait up to 8 s: a page under jsdom on a busy 2-core runner can take seconds to settle, and
// the default 1 s failed whichever file was unlucky.
configure({ asyncUtilTimeout: 8_000 })

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// jsdom has no pseudo-element styles (antd asks for the scrollbar's); answer with the element's own. Once per
// worker: this file runs again for every test file in the same window.
const ownStyles = Symbol.for('proxy:own-computed-style')
if (!(ownStyles in window.getComputedStyle)) {
  const computedStyle = window.getComputedStyle.bind(window)
  window.getComputedStyle = Object.assign((element: Element) => computedStyle(element), { [ownStyles]: true })
}

// jsdom's selector engine recompiled antd's ~2,000 CSS rules at every getComputedStyle: see selector-cache.ts.
enlargeSelectorCache(window)
