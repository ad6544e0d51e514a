// One line in full: every connection string with copy, the vmess QR code, a credential reset and a free
// address replacement.
import { Alert, App, Button, Descriptions, Drawer, Flex, QRCode, Skeleton, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { useInstance } from '../../../shared/api/get-instance.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CopyableCodeBlock } from '../../../shared/ui/copyable-code.tsx'
import { addressOf } from '../../../shared/ui/proxy-credentials.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { SecretText } from '../../../shared/ui/secret-text.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useResetCredentials } from '../api/reset-credentials.ts'
import { ExpiryCell, InstanceStatusTag } from './instance-status.tsx'
import { ReplaceIpModal } from './replace-ip-modal.tsx'

const Connection = ({ label, value }: { label: string; value: string }) => (
  <CopyableCodeBlock value={value} label={<Typography.Text type="secondary">{label}</Typography.Text>} />
)

export const InstanceDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const isNarrow = useIsNarrow()
  const { data: detail, isPending } = useInstance(id)
  const reset = useResetCredentials()
  const [isReplacing, setIsReplacing] = useState(false)
  // The catalogue names the region in English too; the instance carries the Chinese names only.
  const region = useCatalog().data?.regions.find((item) => item.id === detail?.regionId) ?? detail

  const onReset = () => {
    if (!detail) return
    void modal.confirm({
      title: t('drawer.resetTitle'),
      content: t('drawer.resetConfirm'),
      okButtonProps: { danger: true },
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      onOk: () => reset.mutateAsync(detail.id).then(() => void message.success(t('drawer.resetDone'))),
    })
  }

  let body: ReactNode = <Skeleton active />
  if (detail && !isPending)
    body = (
      <Flex vertical gap={token.marginLG} data-testid="instance-drawer">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: t('columns.name'), children: detail.lineInstanceName },
            { key: 'address', label: t('columns.address'), children: addressOf(detail) },
            { key: 'region', label: t('columns.region'), children: <RegionName region={region ?? detail} /> },
            { key: 'username', label: t('columns.username'), children: detail.username },
            {
              key: 'password',
              label: t('columns.password'),
              children: <SecretText value={detail.password} />,
            },
            {
              key: 'status',
              label: t('columns.status'),
              children: <InstanceStatusTag status={detail.status} />,
            },
            { key: 'expires', label: t('columns.expiresAt'), children: <ExpiryCell instance={detail} /> },
            { key: 'order', label: t('drawer.orderNo'), children: detail.orderNo },
            { key: 'created', label: t('drawer.createdAt'), children: formatLocalDateTime(detail.createdAt) },
          ]}
        />
        <Flex vertical gap={token.marginSM}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('drawer.connection')}
          </Typography.Title>
          <Connection label={t('drawer.socks5')} value={detail.connection.socks5} />
          <Connection label={t('drawer.ipPortUserPass')} value={detail.connection.ipPortUserPass} />
          {detail.connection.vmess && (
            <>
              <Connection label={t('drawer.vmess')} value={detail.connection.vmess} />
              <Flex vertical align="center" gap={token.marginXS}>
                <QRCode value={detail.connection.vmess} size={180} bordered={false} />
                <Typography.Text type="secondary">{t('drawer.qr')}</Typography.Text>
              </Flex>
            </>
          )}
        </Flex>
        <Alert type="warning" showIcon title={t('drawer.resetConfirm')} />
        <Flex gap={token.marginSM} wrap>
          <Button danger loading={reset.isPending} onClick={onReset} data-testid="reset-credentials">
            {t('drawer.reset')}
          </Button>
          <Button
            onClick={() => setIsReplacing(true)}
            disabled={detail.status !== 'active'}
            data-testid="replace-ip"
          >
            {t('replace.button')}
          </Button>
        </Flex>
        {isReplacing && (
          <ReplaceIpModal
            instance={detail}
            onClose={() => setIsReplacing(false)}
            onDone={() => setIsReplacing(false)}
          />
        )}
      </Flex>
    )

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('drawer.title')}
      size={isNarrow ? '100%' : 520}
      destroyOnHidden
    >
      {body}
    </Drawer>
  )
}
