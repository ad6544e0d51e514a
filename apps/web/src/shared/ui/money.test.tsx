import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatSignedAmount, Money } from './money.tsx'

describe('formatSignedAmount', () => {
  it.each([
    [100, '+$100.00'],
    [0.5, '+$0.50'],
    [-12.3, '\u2212$12.30'],
    [-1234.5, '\u2212$1,234.50'],
    [0, '$0.00'],
  ])('writes %s as %s', (amount, text) => {
    expect(formatSignedAmount(amount)).toBe(text)
  })
})

describe('Money', () => {
  it('shows a plain amount with $ and 2 decimals', () => {
    render(<Money amount={50000} data-testid="m" />)
    expect(screen.getByTestId('m').textContent).toBe('$50,000.00')
  })

  it('colours signed amounts', () => {
    render(<Money amount={-3} signed data-testid="m" />)
    expect(screen.getByTestId('m').style.color).not.toBe('')
  })
})
