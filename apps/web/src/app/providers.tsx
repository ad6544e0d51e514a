// antd theme and locale (also for static toasts, through holderRender) and react-query.
import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from './i18n.ts'
import { queryClient } from './query-client.ts'
import { appTheme } from './theme.ts'

const antdLocale = (language: string) => (language === 'en-US' ? enUS : zhCN)

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
