// The frame every operator list page shares: its title, a row of filters, then the list; and the search
// box those filters start with (kept in the address, so a reload or a shared link keeps the search).
import { Flex, Input, Typography, theme } from 'antd'
import type { ReactNode } from 'react'

export const ListPage = ({
  title,
  filters,
  children,
}: {
  title: string
  filters: ReactNode
  children: ReactNode
}) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.margin}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={token.marginSM} wrap>
        {filters}
      </Flex>
      {children}
    </Flex>
  )
}

type SearchProps = {
  value: string
  placeholder: string
  label: string
  onSearch: (value: string) => void
  maxWidth?: number
  'data-testid'?: string
}

export const SearchFilter = ({
  value,
  placeholder,
  label,
  onSearch,
  maxWidth = 360,
  ...rest
}: SearchProps) => (
  <Input.Search
    // Remounted when the address changes, so going back shows that search.
    key={value}
    defaultValue={value}
    allowClear
    placeholder={placeholder}
    aria-label={label}
    onSearch={(next) => onSearch(next.trim())}
    style={{ flex: '1 1 240px', maxWidth }}
    data-testid={rest['data-testid']}
  />
)
