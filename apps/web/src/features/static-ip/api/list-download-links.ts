// GET /user/download-links: the customer's secret download links (never their secrets).
import { listDownloadLinks } from '@proxy/contract/static-ip/download-links'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const downloadLinksQueryKey = ['user', 'download-links'] as const

export const downloadLinksQueryOptions = () =>
  queryOptions({ queryKey: downloadLinksQueryKey, queryFn: () => callEndpoint(listDownloadLinks) })

export const useDownloadLinks = () => useQuery(downloadLinksQueryOptions())
