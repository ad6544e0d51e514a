import { render, screen } from '@testing-library/react'
import { theme } from 'antd'
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

  it('colours signed amounts: money in green, money out red, zero and unsigned amounts plain', () => {
    const { colorSuccess, colorError } = theme.getDesignToken()
    // The DOM writes a colour back as rgb(); a probe element converts the theme's hex the same way.
    const css = (color: string) => {
      const probe = document.createElement('span')
      probe.style.color = color
      return probe.style.color
    }
    expect(css(colorSuccess)).not.toBe(css(colorError))
    render(
      <>
        <Money amount={3} signed data-testid="in" />
        <Money amount={-3} signed data-testid="out" />
        <Money amount={0} signed data-testid="zero" />
        <Money amount={-3} data-testid="unsigned" />
      </>,
    )
    expect(screen.getByTestId('in').style.color).toBe(css(colorSuccess))
    expect(screen.getByTestId('out').style.color).toBe(css(colorError))
    expect(screen.getByTestId('zero').style.color).toBe('')
    expect(screen.getByTestId('unsigned').style.color).toBe('')
  })
})
