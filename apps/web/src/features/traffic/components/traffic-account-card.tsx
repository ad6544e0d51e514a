// The customer's traffic account: credentials, status, remaining traffic, a ready connection string per endpoint
// and how to hold one exit address with a sticky session.
import { KeyOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Col, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import { MASK, RevealButton } from '../../../shared/ui/secret-text.tsx'
import { useTrafficAccount } from '../api/get-traffic-account.ts'
import { useResetTrafficPassword } from '../api/reset-traffic-password.ts'
import { StickySessionHelp } from './sticky-session-help.tsx'
import { TrafficEndpoint } from './traffic-endpoint.tsx'

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex vertical gap={2} style={{ minWidth: 0 }}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <Flex align="center" gap={4} wrap style={{ minHeight: 24 }}>
      {children}
    </Flex>
  </Flex>
)

export const TrafficAccountCard = () => {
  const { t, i18n } = useTranslation(['traffic', 'common'])
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const { data: account, isError, refetch } = useTrafficAccount()
  const reset = useResetTrafficPassword()
  const [isRevealed, setIsRevealed] = useState(false)

  const onReset = () =>
    void modal.confirm({
      title: t('account.reset'),
      content: t('account.resetConfirm'),
      okButtonProps: { danger: true },
      okText: t('account.reset'),
      cancelText: t('common:actions.cancel'),
      onOk: () => reset.mutateAsync().then(() => void message.success(t('account.resetDone'))),
    })

  let body: ReactNode = <Skeleton active paragraph={{ rows: 4 }} />
  if (isError && !account)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('account.failed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('account.retry')}
          </Button>
        }
      />
    )
  else if (account) {
    const isEnabled = account.status === 'enabled'
    body = (
      <Flex vertical gap={token.margin}>
        <Typography.Text type="secondary">{t('account.hint')}</Typography.Text>
        <Row gutter={[token.marginLG, token.margin]}>
          <Col xs={24} sm={12} xl={6}>
            <Field label={t('account.username')}>
              <CopyableCode value={account.username} isLong iconOnly data-testid="account-username" />
            </Field>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Field label={t('account.password')}>
              <CopyableCode
                value={account.password}
                shown={isRevealed ? account.password : MASK}
                isLong
                iconOnly
                data-testid="account-password"
              >
                <RevealButton
                  isRevealed={isRevealed}
                  onToggle={() => setIsRevealed(!isRevealed)}
                  data-testid="account-reveal"
                />
              </CopyableCode>
            </Field>
          </Col>
          <Col xs={12} sm={12} xl={6}>
            <Field label={t('account.status')}>
              <Tag color={isEnabled ? 'success' : 'default'} data-testid="account-status">
                {t(isEnabled ? 'account.enabled' : 'account.disabled')}
              </Tag>
            </Field>
          </Col>
          <Col xs={12} sm={12} xl={6}>
            <Field label={t('account.remaining')}>
              <Typography.Text strong data-testid="account-remaining">
                {formatBytes(account.remainingBytes, i18n.language)}
              </Typography.Text>
            </Field>
          </Col>
        </Row>
        {!isEnabled && <Alert type="info" showIcon title={t('account.disabledHint')} />}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('account.endpoints')}
        </Typography.Title>
        <Row gutter={[token.margin, token.margin]}>
          {account.endpoints.map((endpoint) => (
            <Col key={`${endpoint.protocol}-${endpoint.host}-${endpoint.port}`} xs={24} md={12}>
              <TrafficEndpoint endpoint={endpoint} account={account} isRevealed={isRevealed} />
            </Col>
          ))}
        </Row>
        <StickySessionHelp username={account.username} />
      </Flex>
    )
  }

  return (
    <Card
      variant="borderless"
      title={t('account.title')}
      extra={
        account && (
          <Button
            icon={<KeyOutlined />}
            loading={reset.isPending}
            onClick={onReset}
            data-testid="reset-traffic-password"
          >
            {t('account.reset')}
          </Button>
        )
      }
      data-testid="traffic-account"
    >
      {body}
    </Card>
  )
}
