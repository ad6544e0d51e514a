// Renewal of the selected lines: the term, the price from the catalogue and what the wallet covers.
import type { DurationDays, Region } from '@proxy/contract/static-ip/catalog'
import { DURATIONS } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { Alert, Flex, Modal, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useWallet } from '../../../shared/api/get-wallet.ts'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useRenewInstances } from '../api/renew-instances.ts'
import { DurationPicker } from './duration-picker.tsx'
import { renewPrice } from './renew-price.ts'

type Props = { instances: Instance[]; regions: Region[]; onClose: () => void; onDone: () => void }

export const RenewModal = ({ instances, regions, onClose, onDone }: Props) => {
  const { t } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const [durationDays, setDurationDays] = useState<DurationDays>(30)
  const renew = useRenewInstances()
  const balance = useWallet().data?.wallet.balance
  const { total, isPriced } = renewPrice(instances, regions, durationDays)
  const shortfall = balance === undefined ? 0 : Math.max(0, Math.round((total - balance) * 100) / 100)
  // The term cards show the first region's prices; the total adds each line's own.
  const prices =
    regions.find((region) => region.id === instances[0]?.regionId)?.prices ??
    DURATIONS.map((days) => ({ durationDays: days, discountPercent: 0, unitPrice: 0 }))

  const onOk = () => {
    if (renew.isPending) return
    renew.mutate(
      { input: { ids: instances.map((item) => item.id), durationDays }, idempotencyKey: randomId() },
      { onSuccess: onDone },
    )
  }
  const error = renew.error
    ? isApiError(renew.error)
      ? describeApiError(renew.error)
      : t('renew.failed')
    : null

  return (
    <Modal
      open
      width={560}
      title={t('renew.title', { count: instances.length })}
      okText={t('renew.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={renew.isPending}
      okButtonProps={{ disabled: !isPriced || shortfall > 0 }}
    >
      <Flex vertical gap={token.margin} data-testid="renew-modal">
        <Typography.Text type="secondary">
          {t('renew.lines')}: {instances.map((item) => `${item.ip}:${item.port}`).join(', ')}
        </Typography.Text>
        <div>
          <Typography.Text strong style={{ display: 'block', marginBottom: token.marginXS }}>
            {t('renew.duration')}
          </Typography.Text>
          <DurationPicker name="renew" prices={prices} value={durationDays} onChange={setDurationDays} />
        </div>
        <Flex vertical gap={token.marginXS}>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('renew.total')}</Typography.Text>
            <Money
              amount={total}
              strong
              style={{ fontSize: token.fontSizeLG, color: token.colorPrimary }}
              data-testid="renew-total"
            />
          </Flex>
          {balance !== undefined && (
            <Flex justify="space-between">
              <Typography.Text type="secondary">{t('renew.balance')}</Typography.Text>
              <Money amount={balance} />
            </Flex>
          )}
          {balance !== undefined && shortfall === 0 && (
            <Flex justify="space-between">
              <Typography.Text type="secondary">{t('renew.balanceAfter')}</Typography.Text>
              <Money amount={Math.round((balance - total) * 100) / 100} />
            </Flex>
          )}
        </Flex>
        {shortfall > 0 && (
          <Alert
            type="warning"
            showIcon
            title={
              <span>
                {t('renew.shortfall')} <Money amount={shortfall} strong /> ·{' '}
                <Link to={RECHARGE_PATH}>{t('renew.recharge')}</Link>
              </span>
            }
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  )
}
