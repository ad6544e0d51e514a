// A sub-user's password, shown once: after creation and after a reset. Both values have a copy button.
import type { SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { Alert, Button, Flex, Modal, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'

type Props = { shown: { sub: SubUserWithPassword; isNew: boolean } | null; onClose: () => void }

export const SubUserPasswordModal = ({ shown, onClose }: Props) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'subUsers.password' })
  const { token } = theme.useToken()
  return (
    <Modal
      open={shown !== null}
      title={shown?.isNew ? t('createdTitle') : t('resetTitle')}
      onCancel={onClose}
      // Only the explicit button closes it: a stray click outside must not lose the password.
      maskClosable={false}
      // Gone from the page once closed, not just hidden: the password is not left in the document.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="sub-user-password-done">
          {t('done')}
        </Button>
      }
    >
      {shown && (
        <Flex vertical gap={token.margin} data-testid="sub-user-password">
          <Alert type="warning" showIcon title={t('hint')} />
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text type="secondary">{t('username')}</Typography.Text>
            <CopyableCode value={shown.sub.username} isLong isFullWidth data-testid="sub-user-new-username" />
          </Flex>
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text type="secondary">{t('password')}</Typography.Text>
            <CopyableCode value={shown.sub.password} isLong isFullWidth data-testid="sub-user-new-password" />
          </Flex>
        </Flex>
      )}
    </Modal>
  )
}
