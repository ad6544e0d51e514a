import type { ApiScope } from '@proxy/contract/api-scopes'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiScopePicker, ApiScopeTags } from './api-token-scopes.tsx'

const Picker = ({ onScopes }: { onScopes: (scopes: ApiScope[]) => void }) => {
  const [value, setValue] = useState<ApiScope[]>(['read'])
  return (
    <ApiScopePicker
      value={value}
      onChange={(scopes) => {
        setValue(scopes)
        onScopes(scopes)
      }}
    />
  )
}

describe('API token scopes', () => {
  it('shows a token holding every scope as full access, and others scope by scope', async () => {
    await i18n.changeLanguage('en-US')
    const { rerender } = render(<ApiScopeTags scopes={['read', 'buy', 'manage']} />)
    expect(screen.getByTestId('api-token-full-access').textContent).toBe('Full access')
    rerender(<ApiScopeTags scopes={['read', 'manage']} />)
    expect(screen.getByTestId('api-token-scope-tags').textContent).toBe('ReadManage')
    await i18n.changeLanguage('zh-CN')
    rerender(<ApiScopeTags scopes={['buy']} />)
    expect(screen.getByTestId('api-token-scope-tags').textContent).toBe('购买')
  })

  it('ticks and unticks scopes, always in the canonical order', async () => {
    await i18n.changeLanguage('en-US')
    let picked: ApiScope[] = []
    render(<Picker onScopes={(scopes) => (picked = scopes)} />)
    fireEvent.click(screen.getByRole('checkbox', { name: /^Manage/ }))
    expect(picked).toEqual(['read', 'manage'])
    fireEvent.click(screen.getByRole('checkbox', { name: /^Buy/ }))
    expect(picked).toEqual(['read', 'buy', 'manage'])
    fireEvent.click(screen.getByRole('checkbox', { name: /^Read/ }))
    expect(picked).toEqual(['buy', 'manage'])
  })
})
