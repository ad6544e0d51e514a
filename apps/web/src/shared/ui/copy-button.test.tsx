import { act, fireEvent, render, screen } from '@testing-library/react'
import { App } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import { copyText } from '../lib/copy-text.ts'
import { CopyButton } from './copy-button.tsx'

vi.mock('../lib/copy-text.ts', () => ({ copyText: vi.fn() }))

const renderButton = (iconOnly = false) =>
  render(
    <App>
      <CopyButton value="192.0.2.1:10000" iconOnly={iconOnly} />
    </App>,
  )

describe('CopyButton', () => {
  it('confirms only once the clipboard took the value', async () => {
    let finish: (copied: boolean) => void = () => {}
    vi.mocked(copyText).mockReturnValue(new Promise((done) => (finish = done)))
    renderButton()
    fireEvent.click(screen.getByRole('button'))
    expect(screen.getByRole('button').textContent).not.toContain('已复制')
    await act(async () => finish(true))
    expect(copyText).toHaveBeenCalledWith('192.0.2.1:10000')
    expect(screen.getByRole('button').textContent).toContain('已复制')
  })

  it('never confirms a failed copy', async () => {
    vi.mocked(copyText).mockResolvedValue(false)
    renderButton(true)
    await act(async () => fireEvent.click(screen.getByRole('button')))
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('复制')
  })
})
