// A webhook's signing secret, shown once (after adding the endpoint or resetting its secret), to copy.
import { Alert, Button, Flex, Modal, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'

export const SecretModal = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation('alerts')
  const { token } = theme.useToken()
  return (
    <Modal
      open={secret !== null}
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('webhooks.secretDone')}
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap={token.marginSM}>
        <Alert type="warning" showIcon title={t('webhooks.secretNotice')} />
        {secret !== null && <CopyableCodeBlock value={secret} data-testid="webhook-secret" />}
      </Flex>
    </Modal>
  )
}
