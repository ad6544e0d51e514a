import { act, fireEvent, render, screen } from '@testing-library/react'
import { App } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import { copyText } from '../lib/copy-text.ts'
import { CopyableCode, CopyableCodeBlock } from './copyable-code.tsx'

vi.mock('../lib/copy-text.ts', () => ({ copyText: vi.fn(async () => true) }))

describe('CopyableCode', () => {
  it('copies the real value while it shows a masked one', async () => {
    render(
      <App>
        <CopyableCode value="secret-pass" shown="••••" iconOnly data-testid="code" />
      </App>,
    )
    expect(screen.getByTestId('code').textContent).toBe('••••')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })))
    expect(copyText).toHaveBeenLastCalledWith('secret-pass')
  })

  it('puts a labelled block under its caption', async () => {
    render(
      <App>
        <CopyableCodeBlock value="socks5://u:p@h:1" label="SOCKS5" data-testid="block" />
      </App>,
    )
    expect(screen.getByTestId('block').textContent).toBe('socks5://u:p@h:1')
    expect(screen.getByText('SOCKS5')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /复制/ })))
    expect(copyText).toHaveBeenLastCalledWith('socks5://u:p@h:1')
  })
})
