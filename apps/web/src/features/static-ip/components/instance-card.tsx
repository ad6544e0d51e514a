// One static IP as a card, the phone form of an IP-list row: name and status, address, region, password,
// expiry and auto-renew, with a box to select it for the bulk actions and a way to its detail.
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { Button, Checkbox, Flex, Switch, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { addressOf } from '../../../shared/ui/proxy-credentials.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { SecretText } from '../../../shared/ui/secret-text.tsx'
import { ExpiryCell, InstanceStatusTag } from './instance-status.tsx'

type Props = {
  instance: Instance
  region: Region | Instance
  isSelected: boolean
  onToggle: (isSelected: boolean) => void
  onAutoRenew: (autoRenew: boolean) => void
  onOpen: () => void
}

export const InstanceCard = ({ instance, region, isSelected, onToggle, onAutoRenew, onOpen }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXS} data-testid="instance-card">
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Checkbox
          checked={isSelected}
          onChange={(event) => onToggle(event.target.checked)}
          style={{ minWidth: 0 }}
          aria-label={instance.lineInstanceName}
        >
          <Typography.Text strong ellipsis={{ tooltip: instance.lineInstanceName }} style={{ maxWidth: 200 }}>
            {instance.lineInstanceName}
          </Typography.Text>
        </Checkbox>
        <InstanceStatusTag status={instance.status} />
      </Flex>
      <Flex align="center" gap={token.marginXXS} style={{ minWidth: 0 }}>
        <CopyableCode value={addressOf(instance)} isLong data-testid="address" />
        <Tag style={{ marginInlineEnd: 0 }}>{t(`protocols.${instance.protocol}`)}</Tag>
      </Flex>
      <CardLine label={t('columns.region')}>
        <RegionName region={region} />
      </CardLine>
      <CardLine label={t('columns.password')}>
        <SecretText value={instance.password} isCompact />
      </CardLine>
      <CardLine label={t('columns.expiresAt')}>
        <ExpiryCell instance={instance} />
      </CardLine>
      <CardLine label={t('columns.autoRenew')}>
        <Switch
          size="small"
          checked={instance.autoRenew}
          disabled={instance.status === 'released'}
          onChange={onAutoRenew}
          aria-label={t('columns.autoRenew')}
        />
      </CardLine>
      <Button block onClick={onOpen} data-testid="open-detail">
        {t('list.detail')}
      </Button>
    </Flex>
  )
}
