// Renders one page as the app does (antd theme and App, react-query, a memory router) against a fake API:
// `api` answers each request with the envelope's data, or throws to fail it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App, ConfigProvider } from 'antd'
import type { AxiosRequestConfig } from 'axios'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import '../app/i18n.ts'
import { appTheme } from '../app/theme.ts'
import { http } from '../shared/http/client.ts'

export type FakeApi = (request: AxiosRequestConfig & { url: string; method: string }) => unknown

export const mockApi = (api: FakeApi) =>
  vi
    .spyOn(http, 'request')
    .mockImplementation(async (config) =>
      api({ ...config, url: config.url ?? '', method: (config.method ?? 'GET').toUpperCase() }),
    )

export const renderRoute = (element: ReactElement, { path, url }: { path: string; url: string }) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  )
  const view = render(
    <ConfigProvider theme={appTheme}>
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  )
  return { ...view, router, queryClient }
}

/** Query parameters the fake API was called with for `url`, in call order. */
export const callsTo = (request: ReturnType<typeof mockApi>, url: string) =>
  request.mock.calls
    .map(([config]) => config as AxiosRequestConfig)
    .filter((config) => config.url === url)
    .map((config) => config.params as Record<string, string | number>)
