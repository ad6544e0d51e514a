// antd theme and locale (also for static toasts, through holderRender) and react-query.
import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { antdLocale, i18n } from './i18n.ts'
import { queryClient } from './query-client.ts'
import { appTheme } from './theme.ts'

ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={appTheme}>
      {children}
    </ConfigProvider>
  ),
})

export const Providers = ({ children }: { children: ReactNode }) => {
  const { i18n: current } = useTranslation()
  return (
    <ConfigProvider locale={antdLocale(current.language)} theme={appTheme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  )
}
