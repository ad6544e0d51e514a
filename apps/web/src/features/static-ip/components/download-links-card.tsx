// 下载链接: secret URLs that answer the customer's lines as plain text, for tools that fetch a list
// without signing in. Made here, listed with their last use, reset or deleted; a secret is shown once.
import { LinkOutlined, PlusOutlined } from '@ant-design/icons'
import {
  type DownloadLinkSecret as Created,
  DOWNLOAD_LINKS_MAX,
} from '@proxy/contract/static-ip/download-links'
import { Button, Flex, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { useDownloadLinks } from '../api/list-download-links.ts'
import { CappedListCard, CardListBody } from './card-list-body.tsx'
import { DownloadLinkCreateModal } from './download-link-create-modal.tsx'
import { DownloadLinkRows } from './download-link-rows.tsx'
import { DownloadLinkSecret } from './download-link-secret.tsx'

export const DownloadLinksCard = () => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const { data, isError, refetch } = useDownloadLinks()
  const regions = useCatalog().data?.regions ?? []
  const [isCreating, setIsCreating] = useState(false)
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null)
  const items = data?.items ?? []
  const max = data?.max ?? DOWNLOAD_LINKS_MAX
  const isFull = items.length >= max
  const onSecret = ({ link, secret }: Created) => setShown({ name: link.name, secret })

  const body = (
    <CardListBody
      hasData={data !== undefined}
      isError={isError}
      isEmpty={items.length === 0}
      texts={{
        failed: t('downloadLinks.failed'),
        retry: t('downloadLinks.retry'),
        empty: t('downloadLinks.empty'),
      }}
      onRetry={() => void refetch()}
    >
      <DownloadLinkRows items={items} regions={regions} onReset={onSecret} />
    </CardListBody>
  )

  return (
    <CappedListCard
      icon={LinkOutlined}
      title={t('downloadLinks.title')}
      count={data && t('downloadLinks.count', { used: items.length, max })}
      isFull={isFull}
      testId="download-links"
      countTestId="download-link-count"
    >
      <Flex vertical gap={token.margin}>
        <Typography.Text type="secondary">{t('downloadLinks.description')}</Typography.Text>
        <Flex align="center" gap={token.marginSM} wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!data || isFull}
            onClick={() => setIsCreating(true)}
            data-testid="download-link-new"
          >
            {t('downloadLinks.create')}
          </Button>
          {isFull && <Typography.Text type="warning">{t('downloadLinks.full', { max })}</Typography.Text>}
        </Flex>
        {shown && <DownloadLinkSecret {...shown} onDismiss={() => setShown(null)} />}
        {body}
      </Flex>
      {isCreating && (
        <DownloadLinkCreateModal
          regions={regions}
          onClose={() => setIsCreating(false)}
          onCreated={(answer) => {
            setIsCreating(false)
            onSecret(answer)
          }}
        />
      )}
    </CappedListCard>
  )
}
