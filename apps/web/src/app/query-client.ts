// One react-query client; client errors (4xx) and contract mismatches are never retried.
import { QueryClient } from '@tanstack/react-query'
import { isApiError, isContractMismatch } from '../shared/http/api-error.ts'

const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isContractMismatch(error)) return false
  if (isApiError(error) && error.status !== null && error.status < 500) return false
  return failureCount < 1
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
})
