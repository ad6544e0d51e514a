// 两步验证: whether sign-in asks for an authenticator code, and the dialogs turning it on and off.
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../../shared/api/get-me.ts'
import { DisableTwoFactorModal } from './disable-two-factor-modal.tsx'
import { EnableTwoFactorModal } from './enable-two-factor-modal.tsx'

export const TwoFactorCard = () => {
  const { t } = useTranslation('user')
  const { data: me } = useMe()
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null)
  const isOn = me?.twoFactor === true

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined />
          {t('security.twoFactor.title')}
          {me && (
            <Tag color={isOn ? 'success' : 'default'} data-testid="two-factor-status">
              {t(isOn ? 'security.twoFactor.on' : 'security.twoFactor.off')}
            </Tag>
          )}
        </Flex>
      }
      data-testid="two-factor-card"
    >
      <Typography.Paragraph type="secondary">{t('security.twoFactor.description')}</Typography.Paragraph>
      {me &&
        (isOn ? (
          <Button danger onClick={() => setDialog('disable')}>
            {t('security.twoFactor.disable')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => setDialog('enable')}>
            {t('security.twoFactor.enable')}
          </Button>
        ))}
      {dialog === 'enable' && (
        <EnableTwoFactorModal email={me?.email ?? ''} onClose={() => setDialog(null)} />
      )}
      {dialog === 'disable' && <DisableTwoFactorModal onClose={() => setDialog(null)} />}
    </Card>
  )
}
