import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import '../i18n.ts'
import { ErrorBoundary } from './error-boundary.tsx'

let shouldThrow = true
const Fragile = () => {
  if (shouldThrow) throw new Error('render failed')
  return <p>page content</p>
}

describe('ErrorBoundary', () => {
  it('shows the spec message and a retry button that clears the error and reloads', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    render(
      <ErrorBoundary reload={reload}>
        <Fragile />
      </ErrorBoundary>,
    )
    expect(screen.getByText('不好意思，页面发生错误！')).toBeTruthy()
    const retry = screen.getByRole('button', { name: '重试一次试试？' })

    shouldThrow = false
    fireEvent.click(retry)

    expect(reload).toHaveBeenCalledOnce()
    expect(screen.getByText('page content')).toBeTruthy()
  })
})
