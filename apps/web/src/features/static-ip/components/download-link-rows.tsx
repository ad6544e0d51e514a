// The customer's download links: what each serves, when and from where it was last fetched, and its
// reset (a new secret, the old URL dead at once) and delete, each asked first.

import type { Region } from '@proxy/contract/static-ip/catalog'
import type { DownloadLink, DownloadLinkSecret } from '@proxy/contract/static-ip/download-links'
import { App, Button, Flex, Popconfirm, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useDeleteDownloadLink } from '../api/delete-download-link.ts'
import { useResetDownloadLink } from '../api/reset-download-link.ts'
import { templateOf } from './download-link-options.ts'

type Props = { items: DownloadLink[]; regions: Region[]; onReset: (answer: DownloadLinkSecret) => void }

export const DownloadLinkRows = ({ items, regions, onReset }: Props) => {
  const { t, i18n } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const reset = useResetDownloadLink()
  const remove = useDeleteDownloadLink()

  // A failure is already toasted by the HTTP layer; the confirmation just closes.
  const onResetLink = (id: string) =>
    reset
      .mutateAsync(id)
      .then(onReset)
      .catch(() => undefined)
  const onDelete = ({ id, name }: DownloadLink) =>
    remove
      .mutateAsync(id)
      .then(() => void message.success(t('downloadLinks.deleted', { name })))
      .catch(() => undefined)

  const regionOf = (id: string | null) => {
    if (id === null) return t('downloadLinks.allRegions')
    const region = regions.find((each) => each.id === id)
    return region ? regionLabel(region, i18n.language) : id
  }

  return (
    <Flex vertical role="list" data-testid="download-link-list">
      {items.map((link, index) => (
        <Flex
          key={link.id}
          role="listitem"
          justify="space-between"
          align="center"
          gap={token.marginSM}
          wrap
          style={{
            padding: `${token.paddingXS}px 0`,
            borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
          }}
          data-testid="download-link-row"
        >
          <Flex vertical style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Typography.Text strong ellipsis data-testid="download-link-name-text">
              {link.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {[
                t(`downloadLinks.protocols.${link.protocol}`),
                t(`downloadLinks.templates.${templateOf(link)}`),
                regionOf(link.region),
              ].join(' · ')}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              <Typography.Text code>{`${link.prefix}…`}</Typography.Text>{' '}
              {link.lastUsedAt
                ? t('downloadLinks.lastUsed', {
                    date: formatLocalDateTime(link.lastUsedAt, { withSeconds: false }),
                    ip: link.lastUsedIp ?? '—',
                  })
                : t('downloadLinks.neverUsed')}
            </Typography.Text>
          </Flex>
          <Flex gap={token.marginXXS}>
            <Popconfirm
              title={t('downloadLinks.resetTitle', { name: link.name })}
              description={<div style={{ maxWidth: 260 }}>{t('downloadLinks.resetConfirm')}</div>}
              okText={t('downloadLinks.reset')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => onResetLink(link.id)}
            >
              <Button type="link" size="small" data-testid="download-link-reset">
                {t('downloadLinks.reset')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('downloadLinks.deleteTitle', { name: link.name })}
              description={<div style={{ maxWidth: 260 }}>{t('downloadLinks.deleteConfirm')}</div>}
              okText={t('downloadLinks.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(link)}
            >
              <Button type="link" danger size="small" data-testid="download-link-delete">
                {t('downloadLinks.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      ))}
    </Flex>
  )
}
