// Renewal of the selected lines: the term, the price of each region's lines from the catalogue, the total and what
// the wallet covers. There is no renewal quote on the server; it charges the same catalogue prices, and refuses
// (PRICE_CHANGED) a total that no longer matches them: the catalogue is read again and the customer confirms anew.
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import type { DurationDays, Region } from '@proxy/contract/static-ip/catalog'
import { DURATIONS } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { formatBalance } from '@proxy/contract/wire'
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
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { useRenewInstances } from '../api/renew-instances.ts'
import { DurationPicker } from './duration-picker.tsx'
import { renewPrice, termDiscount } from './renew-price.ts'

type Props = { instances: Instance[]; regions: Region[]; onClose: () => void; onDone: () => void }

export const RenewModal = ({ instances, regions, onClose, onDone }: Props) => {
  const { t } = useTranslation(['static-ip', 'common'])
  const { token } = theme.useToken()
  const [durationDays, setDurationDays] = useState<DurationDays>(30)
  const renew = useRenewInstances()
  const balance = useWallet().data?.wallet.balance
  const { total, isPriced, groups } = renewPrice(instances, regions, durationDays)
  const shortfall =
    balance === undefined ? 0 : centsToAmount(Math.max(0, amountToCents(total) - amountToCents(balance)))
  const isMixed = new Set(instances.map((item) => item.regionId)).size > 1
  // One region: the term cards show its price of one IP. Several: no one region's price is right, so each card
  // shows what the whole selection costs for that term.
  const prices =
    (isMixed ? undefined : regions.find((region) => region.id === instances[0]?.regionId)?.prices) ??
    DURATIONS.map((days) => ({
      durationDays: days,
      // A term's discount is the same in every region: the catalogue tells it with each region's prices.
      discountPercent: termDiscount(regions, instances, days),
      unitPrice: renewPrice(instances, regions, days).total,
    }))

  const onOk = () => {
    if (renew.isPending) return
    renew.mutate(
      {
        input: { ids: instances.map((item) => item.id), durationDays, expectedTotal: total },
        idempotencyKey: randomId(),
      },
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
          {isMixed && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: token.marginXXS }}>
              {t('renew.mixedHint')}
            </Typography.Text>
          )}
        </div>
        <Flex vertical gap={token.marginXS}>
          {groups.map((group) => {
            const region = regions.find((item) => item.id === group.regionId)
            return (
              <Flex
                key={group.regionId}
                justify="space-between"
                gap={token.marginSM}
                data-testid="renew-group"
              >
                <span>
                  {region ? <RegionName region={region} /> : group.regionId} × {group.count}
                </span>
                <span>
                  <Typography.Text type="secondary">
                    {t('renew.each', { price: formatBalance(group.unitPrice) })}
                  </Typography.Text>{' '}
                  <Money amount={group.subtotal} />
                </span>
              </Flex>
            )
          })}
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
              <Money amount={centsToAmount(amountToCents(balance) - amountToCents(total))} />
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
