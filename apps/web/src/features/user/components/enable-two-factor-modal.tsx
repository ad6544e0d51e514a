// Turning on two-factor sign-in in three steps: the password; the QR code (and the key as text) with a
// first code to confirm; then the recovery codes, shown this once to copy or download.
import type { TwoFactorSetup } from '@proxy/contract/user/endpoints'
import { Alert, App, Button, Flex, Form, Input, Modal, QRCode, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadText } from '../../../shared/lib/download-text.ts'
import { CopyButton } from '../../../shared/ui/copy-button.tsx'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import { useEnableTwoFactor, useSetupTwoFactor } from '../api/two-factor.ts'

type Props = { email: string; onClose: () => void }

const PasswordStep = ({ onDone }: { onDone: (setup: TwoFactorSetup) => void }) => {
  const { t } = useTranslation('user')
  const setup = useSetupTwoFactor()
  return (
    <Form<{ password: string }>
      name="two-factor-password"
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }) => setup.mutate(password, { onSuccess: onDone })}
    >
      <Typography.Paragraph>{t('security.twoFactor.passwordStep')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('security.twoFactor.password')}
        rules={[{ required: true, message: t('security.twoFactor.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={setup.isPending}>
        {t('security.twoFactor.next')}
      </Button>
    </Form>
  )
}

const ScanStep = ({ setup, onDone }: { setup: TwoFactorSetup; onDone: (codes: string[]) => void }) => {
  const { t } = useTranslation('user')
  const enable = useEnableTwoFactor()
  return (
    <Form<{ code: string }>
      name="two-factor-confirm"
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) =>
        enable.mutate(code.trim(), { onSuccess: (answer) => onDone(answer.recoveryCodes) })
      }
    >
      <Typography.Paragraph>{t('security.twoFactor.scan')}</Typography.Paragraph>
      <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
        <QRCode type="svg" value={setup.uri} size={180} data-testid="two-factor-qr" />
        <Flex vertical align="center" gap={4}>
          <Typography.Text type="secondary">{t('security.twoFactor.secret')}</Typography.Text>
          <CopyableCode value={setup.secret} data-testid="two-factor-secret" />
        </Flex>
      </Flex>
      <Form.Item
        name="code"
        label={t('security.twoFactor.code')}
        rules={[
          { required: true, message: t('security.twoFactor.codeRequired') },
          { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('security.twoFactor.codeInvalid') },
        ]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={enable.isPending}>
        {t('security.twoFactor.confirm')}
      </Button>
    </Form>
  )
}

export const RecoveryCodesView = ({
  email,
  codes,
  onDone,
}: {
  email: string
  codes: string[]
  onDone: () => void
}) => {
  const { t } = useTranslation('user')
  const text = codes.join('\n')
  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon title={t('security.twoFactor.recoveryNotice')} />
      <ol
        data-testid="recovery-codes"
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, margin: 0, paddingInlineStart: 24 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <CopyButton value={text} size="middle" />
        <Button
          onClick={() =>
            downloadText(
              'recovery-codes.txt',
              `${t('security.twoFactor.fileHeader', { email })}\n\n${text}\n`,
            )
          }
        >
          {t('security.twoFactor.download')}
        </Button>
        <Button type="primary" onClick={onDone} style={{ marginInlineStart: 'auto' }}>
          {t('security.twoFactor.saved')}
        </Button>
      </Flex>
    </Flex>
  )
}

export const EnableTwoFactorModal = ({ email, onClose }: Props) => {
  const { t } = useTranslation('user')
  const { message } = App.useApp()
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  const onEnabled = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes)
    void message.success(t('security.twoFactor.enabled'))
  }

  return (
    <Modal
      open
      title={codes ? t('security.twoFactor.recoveryTitle') : t('security.twoFactor.enable')}
      footer={null}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="enable-two-factor-modal"
    >
      {codes ? (
        <RecoveryCodesView email={email} codes={codes} onDone={onClose} />
      ) : setup ? (
        <ScanStep setup={setup} onDone={onEnabled} />
      ) : (
        <PasswordStep onDone={setSetup} />
      )}
    </Modal>
  )
}
