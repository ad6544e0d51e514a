// antd theme and locale following the console's language, the console's i18n instance and react-query.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { isApiError, isContractMismatch } from '../../shared/http/api-error.ts'
import { adminI18n, useAdminT } from './i18n.ts'
import { adminTheme } from './theme.ts'

/** Client errors (4xx) and contract mismatches are never retried; a failed server once. */
export const adminQueryRetry = (failureCount: number, error: unknown): boolean =>
  !isContractMismatch(error) &&
  !(isApiError(error) && error.status !== null && error.status < 500) &&
  failureCount < 1

const Themed = ({ children }: { children: ReactNode }) => {
  const { language } = useAdminT()
  return (
    <ConfigProvider locale={language === 'en-US' ? enUS : zhCN} theme={adminTheme}>
      <App>{children}</App>
    </ConfigProvider>
  )
}

export const AdminProviders = ({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: ReactNode
}) => (
  <I18nextProvider i18n={adminI18n}>
    <Themed>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Themed>
  </I18nextProvider>
)
