// IP 白名单: source addresses from which the customer's static IPs open without a proxy password.
// Lists them with when they were added; removing one asks first, as its tunnels close within seconds.
import { SafetyCertificateOutlined } from '@ant-design/icons'
import {
  IP_WHITELIST_MAX,
  WHITELIST_MIN_PREFIX,
  type WhitelistEntry,
} from '@proxy/contract/static-ip/ip-whitelist'
import { App, Button, Flex, Popconfirm, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useIpWhitelist } from '../api/list-ip-whitelist.ts'
import { useRemoveIpWhitelist } from '../api/remove-ip-whitelist.ts'
import { CappedListCard, CardListBody } from './card-list-body.tsx'
import { IpWhitelistAdd } from './ip-whitelist-add.tsx'

const WhitelistRows = ({ items }: { items: WhitelistEntry[] }) => {
  const { t } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const remove = useRemoveIpWhitelist()

  // A failure is already toasted by the HTTP layer; the confirmation just closes.
  const onRemove = ({ id, source }: WhitelistEntry) =>
    remove
      .mutateAsync(id)
      .then(() => void message.success(t('whitelist.removed', { source })))
      .catch(() => undefined)

  return (
    <Flex vertical role="list" data-testid="whitelist-list">
      {items.map((entry, index) => (
        <Flex
          key={entry.id}
          role="listitem"
          justify="space-between"
          align="center"
          gap={token.marginSM}
          style={{
            padding: `${token.paddingXS}px 0`,
            borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
          }}
          data-testid="whitelist-row"
        >
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text
              style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
              data-testid="whitelist-source"
            >
              {entry.source}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {t('whitelist.addedAt', { date: formatLocalDateTime(entry.createdAt, { withSeconds: false }) })}
            </Typography.Text>
          </Flex>
          <Popconfirm
            title={t('whitelist.removeTitle', { source: entry.source })}
            description={<div style={{ maxWidth: 260 }}>{t('whitelist.removeConfirm')}</div>}
            okText={t('whitelist.remove')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(entry)}
          >
            <Button type="link" danger size="small" data-testid="whitelist-remove">
              {t('whitelist.remove')}
            </Button>
          </Popconfirm>
        </Flex>
      ))}
    </Flex>
  )
}

export const IpWhitelistCard = () => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const { data, isError, refetch } = useIpWhitelist()
  const items = data?.items ?? []
  const max = data?.max ?? IP_WHITELIST_MAX
  const isFull = items.length >= max

  const body = (
    <CardListBody
      hasData={data !== undefined}
      isError={isError}
      isEmpty={items.length === 0}
      texts={{ failed: t('whitelist.failed'), retry: t('whitelist.retry'), empty: t('whitelist.empty') }}
      onRetry={() => void refetch()}
    >
      <WhitelistRows items={items} />
    </CardListBody>
  )

  return (
    <CappedListCard
      icon={SafetyCertificateOutlined}
      title={t('whitelist.title')}
      count={data && t('whitelist.count', { used: items.length, max })}
      isFull={isFull}
      testId="ip-whitelist"
      countTestId="whitelist-count"
    >
      <Flex vertical gap={token.margin}>
        <Flex vertical gap={token.marginXXS}>
          <Typography.Text type="secondary">{t('whitelist.description')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('whitelist.rules', { ...WHITELIST_MIN_PREFIX })}
          </Typography.Text>
        </Flex>
        <IpWhitelistAdd max={max} isFull={isFull} isReady={data !== undefined} />
        {body}
      </Flex>
    </CappedListCard>
  )
}
