// Free address replacement of one line: the reason, what stays and what changes, the cooldown, and
// the server's refusal with the time the IP may be replaced again.
import type { Instance } from '@proxy/contract/static-ip/instances'
import {
  REPLACEMENT_REASONS,
  type ReplaceInstanceIpResult,
  type ReplacementReason,
} from '@proxy/contract/static-ip/replacement'
import { Alert, App, Descriptions, Flex, Modal, Radio, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { addressOf } from '../../../shared/ui/proxy-credentials.tsx'
import { RegionName, regionLabel } from '../../../shared/ui/region-name.tsx'
import { useInstanceReplacements } from '../api/get-instance-replacements.ts'
import { useReplaceInstanceIp } from '../api/replace-instance-ip.ts'

type Props = {
  instance: Pick<
    Instance,
    | 'id'
    | 'ip'
    | 'port'
    | 'lineInstanceName'
    | 'status'
    | 'expiresAt'
    | 'regionId'
    | 'countryCode'
    | 'country'
    | 'city'
  >
  onClose: () => void
  /** After a successful replacement (the modal has already said so). */
  onDone?: (result: ReplaceInstanceIpResult) => void
}

export const ReplaceIpModal = ({ instance, onClose, onDone }: Props) => {
  const { t, i18n } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const [reason, setReason] = useState<ReplacementReason>('blocked')
  const replace = useReplaceInstanceIp()
  const status = useInstanceReplacements(instance.id).data
  // The catalogue names the region in English too; the instance carries the Chinese names only.
  const region = useCatalog().data?.regions.find((item) => item.id === instance.regionId) ?? instance
  const isActive = instance.status === 'active' && new Date(instance.expiresAt).getTime() > Date.now()
  const latest = status?.items[0]
  // From the status read, which the mutation refreshes after a refusal too.
  const nextAllowedAt = status?.nextAllowedAt ?? null

  const onOk = () => {
    if (replace.isPending) return
    replace.mutate(
      // A fresh key per confirmation: a retried click after a refusal is a new request.
      { id: instance.id, input: { reason }, idempotencyKey: randomId() },
      {
        onSuccess: (result) => {
          void message.success(t('replace.done', { address: addressOf(result.instance) }))
          onDone?.(result)
        },
      },
    )
  }

  const error = replace.error
    ? isApiError(replace.error)
      ? describeApiError(replace.error)
      : t('replace.failed')
    : null

  return (
    <Modal
      open
      width={560}
      title={t('replace.title')}
      okText={t('replace.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={replace.isPending}
      okButtonProps={{ disabled: !isActive || nextAllowedAt !== null }}
    >
      <Flex vertical gap={token.margin} data-testid="replace-ip-modal">
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'current',
              label: t('replace.current'),
              children: (
                <span>
                  <Typography.Text strong data-testid="replace-current">
                    {addressOf(instance)}
                  </Typography.Text>{' '}
                  <Typography.Text type="secondary">{instance.lineInstanceName}</Typography.Text>
                </span>
              ),
            },
            { key: 'region', label: t('replace.region'), children: <RegionName region={region} /> },
          ]}
        />
        <div>
          <Typography.Text strong style={{ display: 'block', marginBottom: token.marginXS }}>
            {t('replace.reason')}
          </Typography.Text>
          <Radio.Group
            value={reason}
            onChange={(event) => setReason(event.target.value as ReplacementReason)}
            optionType="button"
            data-testid="replace-reason"
            options={REPLACEMENT_REASONS.map((value) => ({ value, label: t(`replace.reasons.${value}`) }))}
          />
        </div>
        <div>
          <Typography.Text strong>{t('replace.keepsTitle')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('replace.keeps')}
          </Typography.Paragraph>
        </div>
        <div>
          <Typography.Text strong>{t('replace.changesTitle')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('replace.changes', { region: regionLabel(region, i18n.language) })}
          </Typography.Paragraph>
        </div>
        <Typography.Text data-testid="replace-cooldown">
          {status ? t('replace.cooldown', { days: status.cooldownDays }) : t('replace.cooldownGeneric')}
        </Typography.Text>
        {!isActive && (
          <Alert type="info" showIcon title={t('replace.notActive')} data-testid="replace-inactive" />
        )}
        {isActive && nextAllowedAt !== null && (
          <Alert
            type="warning"
            showIcon
            data-testid="replace-next-allowed"
            title={t('replace.nextAllowed', {
              replacedAt: latest ? formatLocalDateTime(latest.createdAt, { withSeconds: false }) : '—',
              allowedAt: formatLocalDateTime(nextAllowedAt, { withSeconds: false }),
            })}
          />
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="replace-error" />}
      </Flex>
    </Modal>
  )
}
