import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { InstanceFilters, type InstanceFilterValues } from './instance-filters.tsx'

const EMPTY: InstanceFilterValues = {
  status: undefined,
  region: undefined,
  keyword: undefined,
  isExpiringSoon: false,
}

const search = (text: string) => {
  const input = screen.getByPlaceholderText(i18n.t('static-ip:list.keyword'))
  fireEvent.change(input, { target: { value: text } })
  const button = input
    .closest('.ant-input-search')
    ?.querySelector('button.ant-input-search-btn, button.ant-input-search-button')
  if (!button) throw new Error('the search box has no search button')
  fireEvent.click(button)
}

describe('the IP list keyword filter', () => {
  afterEach(cleanup)

  it('asks for three characters instead of searching with fewer (the server refuses them)', () => {
    const onChange = vi.fn()
    render(<InstanceFilters value={EMPTY} regions={[]} onChange={onChange} />)
    search('10')
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByTestId('keyword-too-short').textContent).toMatch(/3/)

    search('10.')
    expect(onChange).toHaveBeenLastCalledWith({ keyword: '10.' })
    expect(screen.queryByTestId('keyword-too-short')).toBeNull()
  })

  it('clears the keyword when the box is emptied', () => {
    const onChange = vi.fn()
    render(<InstanceFilters value={{ ...EMPTY, keyword: 'abc' }} regions={[]} onChange={onChange} />)
    search('   ')
    expect(onChange).toHaveBeenLastCalledWith({ keyword: undefined })
  })
})
