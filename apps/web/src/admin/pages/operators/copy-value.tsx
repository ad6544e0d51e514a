// A value shown once (an invitation link, a TOTP secret, recovery codes) in the code font, with antd's
// copy button (the clipboard, or a fallback over plain http) worded in the console's own texts.
import { Typography, theme } from 'antd'
import { useAdminT } from '../../app/i18n.ts'

export const CopyValue = ({ value, 'data-testid': testId }: { value: string; 'data-testid'?: string }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  return (
    <Typography.Paragraph
      copyable={{ text: value, tooltips: [t('operators.copy'), t('operators.copied')] }}
      style={{
        margin: 0,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        fontFamily: token.fontFamilyCode,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
      data-testid={testId}
    >
      {value}
    </Typography.Paragraph>
  )
}
