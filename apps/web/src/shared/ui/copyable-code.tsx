// Values a customer copies into a client (addresses, usernames, passwords, connection strings, tokens):
// the code font and one CopyButton, inline in a row or as a tinted block. What is copied may differ from
// what is shown, so a masked password still copies the real one.
import { Flex, theme } from 'antd'
import type { CSSProperties, ReactNode } from 'react'
import { CopyButton } from './copy-button.tsx'

type CodeProps = {
  children: ReactNode
  /** Long values (hosts, usernames) break anywhere; short ones keep to one line. */
  isLong?: boolean
  style?: CSSProperties
  'data-testid'?: string
}

const Code = ({ children, isLong = false, style, ...rest }: CodeProps) => {
  const { token } = theme.useToken()
  const wrap: CSSProperties = isLong ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }
  return (
    <span style={{ fontFamily: token.fontFamilyCode, ...wrap, ...style }} data-testid={rest['data-testid']}>
      {children}
    </span>
  )
}

type Props = Omit<CodeProps, 'children'> & {
  value: string
  /** Shown instead of the value (a masked password). */
  shown?: ReactNode
  /** The copy icon alone (its label in a tooltip) instead of a labelled button, for dense rows. */
  iconOnly?: boolean
  /** The row fills its line and the copy button sits at the far end. */
  isFullWidth?: boolean
  /** Between the value and the copy button (a reveal toggle). */
  children?: ReactNode
}

export const CopyableCode = ({
  value,
  shown,
  iconOnly = false,
  isFullWidth = false,
  children,
  ...code
}: Props) => {
  const { token } = theme.useToken()
  // A full-width row pushes the button to its end; a short value keeps the button on its line.
  let rowStyle: CSSProperties | undefined
  if (isFullWidth) rowStyle = { flexGrow: 1, minWidth: 0 }
  else if (!code.isLong) rowStyle = { whiteSpace: 'nowrap' }
  return (
    <Flex
      align="center"
      justify={isFullWidth ? 'space-between' : undefined}
      gap={token.marginXXS}
      style={rowStyle}
    >
      <Code {...code}>{shown ?? value}</Code>
      {children}
      <CopyButton value={value} type="text" iconOnly={iconOnly} />
    </Flex>
  )
}

/** A tinted block for a whole line to paste (a connection string, a curl command). */
export const CodeBlock = ({
  children,
  isOneLine = false,
  'data-testid': testId,
}: {
  children: ReactNode
  /** Keep a command on one line and scroll it sideways (a wrapped curl line reads as two commands). */
  isOneLine?: boolean
  'data-testid'?: string
}) => {
  const { token } = theme.useToken()
  return (
    <pre
      style={{
        flex: 1,
        margin: 0,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        minWidth: 0,
        // Inline-size containment: the long line must not widen the table cell or dialog around it.
        ...(isOneLine
          ? { whiteSpace: 'pre', overflowX: 'auto', contain: 'inline-size' }
          : { whiteSpace: 'pre-wrap', wordBreak: 'break-all' }),
      }}
      data-testid={testId}
    >
      {children}
    </pre>
  )
}

type BlockProps = {
  value: string
  shown?: ReactNode
  /** A caption above the block with the copy button at its end; without one the button sits beside the block. */
  label?: ReactNode
  isOneLine?: boolean
  'data-testid'?: string
}

export const CopyableCodeBlock = ({ value, shown, label, isOneLine, ...rest }: BlockProps) => {
  const { token } = theme.useToken()
  const block = (
    <CodeBlock isOneLine={isOneLine} data-testid={rest['data-testid']}>
      {shown ?? value}
    </CodeBlock>
  )
  if (label === undefined)
    return (
      // Baseline: the button lines up with the first line of a block that wraps.
      <Flex align="baseline" gap={token.marginXS}>
        {block}
        <CopyButton value={value} />
      </Flex>
    )
  return (
    <Flex vertical gap={token.marginXXS}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        {label}
        <CopyButton value={value} />
      </Flex>
      {block}
    </Flex>
  )
}
