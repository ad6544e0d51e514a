// How to keep one exit address: the sticky-session usernames, built from the customer's own username, to copy.
import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import {
  EXAMPLE_SESSION_ID,
  SESSION_DEFAULT_MINUTES,
  SESSION_ID_MAX_LENGTH,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
  stickyUsername,
} from './sticky-session.ts'

const CUSTOM_MINUTES = 30

export const StickySessionHelp = ({ username }: { username: string }) => {
  const { t } = useTranslation('traffic')
  const { token } = theme.useToken()
  const examples = [
    {
      key: 'default',
      value: stickyUsername(username, EXAMPLE_SESSION_ID),
      text: t('sticky.keepDefault', { minutes: SESSION_DEFAULT_MINUTES }),
    },
    {
      key: 'custom',
      value: stickyUsername(username, EXAMPLE_SESSION_ID, CUSTOM_MINUTES),
      text: t('sticky.keepCustom', {
        minutes: CUSTOM_MINUTES,
        min: SESSION_MIN_MINUTES,
        max: SESSION_MAX_MINUTES,
      }),
    },
  ]
  return (
    <Flex vertical gap={token.marginXS} data-testid="sticky-session">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sticky.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('sticky.intro')}</Typography.Text>
      {examples.map(({ key, value, text }) => (
        <Flex
          key={key}
          vertical
          gap={2}
          style={{
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            background: token.colorFillTertiary,
            borderRadius: token.borderRadius,
          }}
        >
          <CopyableCode value={value} isLong iconOnly isFullWidth data-testid={`sticky-${key}`} />
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {text}
          </Typography.Text>
        </Flex>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('sticky.rules', { max: SESSION_ID_MAX_LENGTH })}
      </Typography.Text>
    </Flex>
  )
}
