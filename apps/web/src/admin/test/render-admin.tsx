// Renders the console's routes as main.tsx does (its providers, i18n and routes) in a memory router,
// against the fake API of src/test: it answers each request with the envelope's data, or throws an ApiError.
import type { Operator } from '@proxy/contract/admin/auth'
import { type OperatorRole, ROLE_PERMISSIONS } from '@proxy/contract/admin/permissions'
import { type ErrorName, errorCatalogue } from '@proxy/contract/errors'
import { QueryClient } from '@tanstack/react-query'
import { configure, render } from '@testing-library/react'
import type { AxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { ApiError } from '../../shared/http/api-error.ts'
import type { Language } from '../../shared/i18n/language.ts'
import { mockApi } from '../../test/render-route.tsx'
import { adminI18n } from '../app/i18n.ts'
import { AdminProviders } from '../app/providers.tsx'
import { adminRoutes } from '../app/routes.tsx'

// Lazy pages and antd tables take seconds to mount under jsdom on a busy runner: findBy* and waitFor
// of the console's tests wait up to 8 s (the default of 1 s made them flaky under load).
configure({ asyncUtilTimeout: 8_000 })

/** The customer app's fake API: the console calls through the same shared axios instance. */
export const mockAdminApi = mockApi

/** What the server answers for a catalogue error. */
export const apiError = (name: ErrorName): ApiError => {
  const { code, status, message } = errorCatalogue[name]
  return new ApiError(message, code, status)
}

export const fakeOperator = (role: OperatorRole, overrides: Partial<Operator> = {}): Operator => ({
  id: '7d3f0a52-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  email: `${role}@example.com`,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  mustChangePassword: false,
  createdAt: '2026-01-02T03:04:05.000Z',
  lastSignInAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
})

export const requestsTo = (request: ReturnType<typeof mockAdminApi>, method: string, url: string) =>
  request.mock.calls
    .map(([config]) => config as AxiosRequestConfig)
    .filter((config) => config.url === url && (config.method ?? 'GET').toUpperCase() === method)

export const renderAdmin = async (url: string, language: Language = 'zh-CN') => {
  await adminI18n.changeLanguage(language)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(adminRoutes, { initialEntries: [url] })
  const view = render(
    <AdminProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AdminProviders>,
  )
  const location = () => `${router.state.location.pathname}${router.state.location.search}`
  return { ...view, router, location }
}

/** The buttons reading `text` (antd spaces two-character Chinese labels: 核 对), inside `within` if given. */
export const buttonsNamed = (text: string, within: ParentNode = document): HTMLButtonElement[] =>
  [...within.querySelectorAll('button')].filter((button) => button.textContent?.trim() === text)

/** The one button of the open modal reading `text`. */
export const modalButton = (text: string): HTMLButtonElement => {
  const modals = [...document.querySelectorAll('.ant-modal')]
  const button = modals.flatMap((modal) => buttonsNamed(text, modal)).at(-1)
  if (button === undefined) throw new Error(`no modal button ${text}`)
  return button
}
