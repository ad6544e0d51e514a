// What antd's `App` gives `App.useApp()` — message, notification and modal — with antd's static methods loaded on
// the first call, so the console's first load carries neither Modal nor the toast libraries. The static methods draw
// with the console's theme and locale (ConfigProvider.config's holderRender in app/providers.tsx). Callers only
// fire them (`void message.success(…)`), so each method answers a promise of what antd's method returns.
import AppContext, { type useAppProps } from 'antd/es/app/context'
import { type ReactNode, useContext } from 'react'

type Method = (...args: never[]) => unknown

const later = <T extends object>(load: () => Promise<object>, methods: readonly string[]): T =>
  Object.fromEntries(
    methods.map((name) => [
      name,
      (...args: unknown[]) =>
        load().then((api) => (api as Record<string, Method>)[name]?.(...(args as never[]))),
    ]),
  ) as T

const feedback: useAppProps = {
  message: later(
    () => import('antd/es/message').then(({ default: message }) => message),
    ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  ),
  notification: later(
    () => import('antd/es/notification').then(({ default: notification }) => notification),
    ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  ),
  modal: later<useAppProps['modal']>(
    () => import('antd/es/modal').then(({ default: Modal }) => Modal),
    ['confirm', 'info', 'success', 'error', 'warning'],
  ),
}

/** In place of `<App component={false}>`: the same `App.useApp()` API for everything below it. */
export const LazyApp = ({ children }: { children: ReactNode }) => (
  <AppContext.Provider value={feedback}>{children}</AppContext.Provider>
)

/** `App.useApp()` without importing antd's App (and with it Modal) into the caller's chunk. */
export const useApp = (): useAppProps => useContext(AppContext)
