// Typography.Text and Typography.Title as the console uses them (no copy, edit or expand), drawn with antd's theme
// tokens and the same styles: antd's Typography imports Input and TextArea for editing, kept out of the first paint.
import { theme } from 'antd'
import type { CSSProperties, ReactNode } from 'react'

type TextProps = {
  children?: ReactNode
  type?: 'secondary' | 'warning' | undefined
  strong?: boolean | undefined
  /** One line, cut with an ellipsis. */
  ellipsis?: boolean | undefined
  style?: CSSProperties | undefined
  'data-testid'?: string | undefined
}

const ELLIPSIS: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
}

export const Text = ({ children, type, strong, ellipsis, style, ...rest }: TextProps) => {
  const { token } = theme.useToken()
  const color =
    type === 'secondary'
      ? token.colorTextDescription
      : type === 'warning'
        ? token.colorWarningText
        : token.colorText
  return (
    <span
      {...rest}
      style={{
        color,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        ...(ellipsis ? ELLIPSIS : {}),
        ...style,
      }}
    >
      {strong ? <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong> : children}
    </span>
  )
}

type TitleProps = {
  children?: ReactNode
  level: 3 | 4
  style?: CSSProperties | undefined
  'data-testid'?: string | undefined
}

export const Title = ({ children, level, style, ...rest }: TitleProps) => {
  const { token } = theme.useToken()
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <Heading
      {...rest}
      style={{
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4,
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {children}
    </Heading>
  )
}
