import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { AxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { EXPORT_CHOICE_KEYS, exportParams } from '../api/export-instances.ts'
import { ExportMenu } from './export-menu.tsx'

const encoder = new TextEncoder()

/** A body the test feeds by hand, so the menu can be watched while the file is still arriving. */
const controlledBody = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start: (control) => {
      controller = control
    },
  })
  return {
    stream,
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    close: () => controller?.close(),
  }
}

const readBlob = (blob: Blob): Promise<string> =>
  new Promise((done) => {
    const reader = new FileReader()
    reader.onload = () => done(String(reader.result))
    reader.readAsText(blob)
  })

/** What was saved: each download's file name and blob (object URLs and the link click are jsdom gaps). */
const captureDownloads = () => {
  const saved: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  }
  URL.revokeObjectURL = () => {}
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob) saved.push({ name: this.download, blob })
  })
  return saved
}

const exportCalls = (request: ReturnType<typeof mockApi>) =>
  request.mock.calls.map(([config]) => config as AxiosRequestConfig)

const open = (element: Parameters<typeof renderRoute>[0]) =>
  renderRoute(element, { path: '/console/ipList', url: '/console/ipList' })

const pick = async (choice: string) => {
  fireEvent.click(screen.getByTestId('bulk-export'))
  fireEvent.click(await screen.findByTestId(`export-${choice}`))
}

let saved: ReturnType<typeof captureDownloads>
beforeEach(() => {
  saved = captureDownloads()
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

const FILTERS = { status: 'active', region: 'us-lax', keyword: '10.0', expiringWithinDays: 7 } as const

describe('export parameters', () => {
  it('sends the ids of a selection, else the filters with every status when none is picked', () => {
    expect(exportParams('socks5', { ids: ['a', 'b'] })).toEqual({ ids: 'a,b' })
    expect(exportParams('csv', { filters: FILTERS })).toEqual({
      format: 'csv',
      status: 'active',
      region: 'us-lax',
      keyword: '10.0',
      expiringWithinDays: 7,
    })
    expect(exportParams('socks5-colon', { filters: {} })).toEqual({
      template: 'ip:port:user:pass',
      status: 'any',
    })
    expect(exportParams('http', { filters: {} })).toEqual({ format: 'http', status: 'any' })
    expect(exportParams('clash', { ids: ['a'] })).toEqual({ ids: 'a' })
  })
})

// antd in jsdom is slow on a busy machine.
describe('export menu', { timeout: 20_000 }, () => {
  it('without a selection exports everything the filters match, showing progress while the file arrives', async () => {
    const body = controlledBody()
    const request = mockApi(() => ({
      status: 200,
      data: body.stream,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="proxies-all-csv-2026-11-23.csv"',
        // A streamed export has no length; when one is known the menu shows a percentage too.
        'content-length': '24',
      },
    }))
    open(<ExportMenu ids={[]} filters={FILTERS} matching={1234} data-testid="bulk-export" />)
    expect(screen.getByTestId('bulk-export').textContent).toContain('导出全部筛选结果（1234）')
    await pick('csv')

    const [call] = exportCalls(request)
    expect(call?.url).toBe('/proxy/instances/export/all')
    expect(call?.params).toEqual({ format: 'csv', ...FILTERS })
    expect(call).toMatchObject({ adapter: 'fetch', responseType: 'stream', silent: true })

    body.push('name,address\n')
    await waitFor(() => expect(screen.getByTestId('export-progress').textContent).toContain('13 B'))
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('54')
    body.push('a,10.0.0.1\n')
    await waitFor(() => expect(screen.getByTestId('export-progress').textContent).toContain('24 B'))
    expect(saved).toHaveLength(0)
    body.close()
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toBe('proxies-all-csv-2026-11-23.csv')
    expect(await readBlob(saved[0]?.blob as Blob)).toBe('name,address\na,10.0.0.1\n')
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull())
  })

  it('with a selection exports just those instances, in any format, and says how many', async () => {
    const request = mockApi(() => ({
      status: 200,
      data: new ReadableStream({
        start: (control) => {
          control.enqueue(encoder.encode('socks5://u:p@10.0.0.1:1080#a\n'))
          control.close()
        },
      }),
      headers: {},
    }))
    open(<ExportMenu ids={['id-1', 'id-2']} filters={FILTERS} matching={50} data-testid="bulk-export" />)
    expect(screen.getByTestId('bulk-export').textContent).toContain('导出所选（2）')
    fireEvent.click(screen.getByTestId('bulk-export'))
    for (const choice of EXPORT_CHOICE_KEYS)
      expect(await screen.findByTestId(`export-${choice}`)).toBeTruthy()
    fireEvent.click(screen.getByTestId('export-socks5'))
    await waitFor(() => expect(saved).toHaveLength(1))
    const [call] = exportCalls(request)
    expect(call?.url).toBe('/proxy/instances/export/socks5')
    expect(call?.params).toEqual({ ids: 'id-1,id-2' })
    // No name from the server: the menu's own.
    expect(saved[0]?.name).toBe('proxies-socks5.txt')
  })

  it('says why an export failed, and is off when nothing matches', async () => {
    // Another customer's id: the streamed body holds the envelope, and the toast says what it means.
    const request = mockApi(() => ({
      status: 404,
      data: new ReadableStream({
        start: (control) => {
          control.enqueue(encoder.encode('{"code":1006,"message":"Not found","data":null}'))
          control.close()
        },
      }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }))
    const view = open(<ExportMenu ids={['someone-elses']} data-testid="bulk-export" />)
    await pick('json')
    expect(await screen.findByText('导出失败：内容不存在或已被删除')).toBeTruthy()
    expect(saved).toHaveLength(0)
    expect(screen.queryByTestId('export-progress')).toBeNull()
    // A 401 is left to the app's interceptors, which end the session.
    const validate = exportCalls(request)[0]?.validateStatus
    expect([200, 404, 500].map((status) => validate?.(status))).toEqual([true, true, true])
    expect(validate?.(401)).toBe(false)
    view.unmount()

    // What the interceptors reject with (a network failure) is said too, never saved.
    mockApi(() => {
      throw new ApiError('', null, null)
    })
    const offline = open(<ExportMenu ids={['id-1']} data-testid="bulk-export" />)
    await pick('csv')
    expect(await screen.findByText('导出失败：网络异常，请检查网络后重试')).toBeTruthy()
    offline.unmount()

    open(<ExportMenu ids={[]} filters={{}} matching={0} data-testid="bulk-export" />)
    expect((screen.getByTestId('bulk-export') as HTMLButtonElement).disabled).toBe(true)
  })

  it('speaks English too', async () => {
    await act(() => i18n.changeLanguage('en-US'))
    open(<ExportMenu ids={[]} filters={{}} matching={7} data-testid="bulk-export" />)
    expect(screen.getByTestId('bulk-export').textContent).toContain('Export all matching the filters (7)')
    fireEvent.click(screen.getByTestId('bulk-export'))
    expect((await screen.findByTestId('export-http')).textContent).toBe('HTTP links')
    expect(screen.getByTestId('export-csv').textContent).toBe('CSV spreadsheet')
  })
})
