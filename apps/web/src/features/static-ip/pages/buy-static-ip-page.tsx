// /console/buyStaticIP: choose a region, term, quantity and protocol, see the live quote, confirm and pay.
// /console/line-buy?region=… is the same page with that region chosen (the portal's links to buy).

import type { DurationDays, ProxyProtocol } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { PURCHASE_MAX_QUANTITY } from '@proxy/contract/static-ip/purchase'
import { Card, Col, Flex, InputNumber, Radio, Row, Skeleton, Switch, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { useDebounced } from '../../../shared/lib/use-debounced.ts'
import { ChoiceSection } from '../../../shared/ui/buy-flow/choice-section.tsx'
import { isPriceChanged } from '../../../shared/ui/buy-flow/price-changed.ts'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { usePurchaseStaticIp } from '../api/purchase-static-ip.ts'
import { type QuoteInput, useQuote } from '../api/quote-static-ip.ts'
import { DurationPicker } from '../components/duration-picker.tsx'
import { PurchaseConfirm } from '../components/purchase-confirm.tsx'
import { PurchaseResult } from '../components/purchase-result.tsx'
import { PurchaseSummary } from '../components/purchase-summary.tsx'
import { RegionPicker } from '../components/region-picker.tsx'

const QUOTE_DELAY_MS = 300

export const BuyStaticIpPage = () => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const catalog = useCatalog()
  const [searchParams] = useSearchParams()
  const [chosenRegionId, setRegionId] = useState<string | null>(() => searchParams.get('region'))
  const [durationDays, setDurationDays] = useState<DurationDays>(30)
  const [quantity, setQuantity] = useState(1)
  const [chosenProtocol, setProtocol] = useState<ProxyProtocol>('socks5')
  const [autoRenew, setAutoRenew] = useState(false)
  const [isConfirming, setIsConfirming] = useState(false)
  const [bought, setBought] = useState<{ orderNo: string; instances: Instance[] } | null>(null)
  const purchase = usePurchaseStaticIp()

  const regions = catalog.data?.regions ?? []
  // Until the customer picks, the first region with stock is chosen.
  const region =
    regions.find((item) => item.id === chosenRegionId && item.stock > 0) ??
    regions.find((item) => item.stock > 0)
  const protocol = region?.protocols.includes(chosenProtocol)
    ? chosenProtocol
    : (region?.protocols[0] ?? 'socks5')
  const maxQuantity = Math.max(1, Math.min(PURCHASE_MAX_QUANTITY, region?.stock ?? 1))
  const cappedQuantity = Math.min(quantity, maxQuantity)
  const input: QuoteInput | null = region
    ? { regionId: region.id, quantity: cappedQuantity, durationDays, protocol }
    : null
  const quoteInput = useDebounced(input, QUOTE_DELAY_MS)
  const quote = useQuote(quoteInput)
  const isQuoting = quote.isFetching || JSON.stringify(quoteInput) !== JSON.stringify(input)
  const quoteError = quote.error
    ? isApiError(quote.error)
      ? describeApiError(quote.error)
      : t('buy.failed')
    : region
      ? null
      : t('buy.chooseRegion')

  const onConfirm = () => {
    if (!input || !quote.data || purchase.isPending) return
    // A fresh key for each confirmation: the same order is never paid twice, a new one always is. The
    // total confirmed goes along: if a price changed since the quote, the server refuses and we price again.
    purchase.mutate(
      { input: { ...input, autoRenew, expectedTotal: quote.data.total }, idempotencyKey: randomId() },
      {
        onSuccess: ({ order, instances }) => {
          setIsConfirming(false)
          setBought({ orderNo: order.orderNo, instances })
        },
        onError: (error) => {
          if (isPriceChanged(error)) void quote.refetch()
        },
      },
    )
  }

  if (bought)
    return (
      <PurchaseResult
        orderNo={bought.orderNo}
        instances={bought.instances}
        onAgain={() => {
          setBought(null)
          purchase.reset()
        }}
      />
    )

  const regionName = region ? <RegionName region={region} /> : null
  const purchaseError = purchase.error
    ? isApiError(purchase.error)
      ? describeApiError(purchase.error)
      : t('buy.failed')
    : null

  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={15} xl={16}>
        <Card variant="borderless">
          {catalog.isPending ? (
            <Skeleton active />
          ) : (
            <Flex vertical gap={token.marginLG}>
              <ChoiceSection title={t('buy.regionTitle')}>
                <RegionPicker regions={regions} value={region?.id ?? null} onChange={setRegionId} />
              </ChoiceSection>
              {region && (
                <>
                  <ChoiceSection title={t('buy.durationTitle')}>
                    <DurationPicker prices={region.prices} value={durationDays} onChange={setDurationDays} />
                  </ChoiceSection>
                  <Row gutter={[token.marginLG, token.marginLG]}>
                    <Col xs={24} sm={12}>
                      <ChoiceSection title={t('buy.quantityTitle')}>
                        <InputNumber
                          min={1}
                          max={maxQuantity}
                          precision={0}
                          value={cappedQuantity}
                          onChange={(value) => setQuantity(value ?? 1)}
                          mode="spinner"
                          style={{ width: 160 }}
                          aria-label={t('buy.quantityTitle')}
                          data-testid="quantity"
                        />
                        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                          {t('buy.maxQuantity', { max: maxQuantity })}
                        </Typography.Text>
                      </ChoiceSection>
                    </Col>
                    <Col xs={24} sm={12}>
                      <ChoiceSection title={t('buy.protocolTitle')}>
                        <Radio.Group
                          optionType="button"
                          buttonStyle="solid"
                          value={protocol}
                          onChange={(event) => setProtocol(event.target.value as ProxyProtocol)}
                          options={region.protocols.map((value) => ({
                            value,
                            label: <span data-testid={`protocol-${value}`}>{t(`protocols.${value}`)}</span>,
                          }))}
                        />
                      </ChoiceSection>
                    </Col>
                  </Row>
                  <Flex align="center" gap={token.marginSM}>
                    <Switch checked={autoRenew} onChange={setAutoRenew} data-testid="auto-renew" />
                    <span>
                      <Typography.Text>{t('buy.autoRenew')}</Typography.Text>
                      <Typography.Text
                        type="secondary"
                        style={{ display: 'block', fontSize: token.fontSizeSM }}
                      >
                        {t('buy.autoRenewHint')}
                      </Typography.Text>
                    </span>
                  </Flex>
                </>
              )}
            </Flex>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={9} xl={8}>
        <div style={{ position: 'sticky', top: 64 + token.marginLG }}>
          <PurchaseSummary
            region={regionName}
            quote={quote.data}
            isQuoting={isQuoting}
            error={quoteError}
            onSubmit={() => {
              purchase.reset()
              setIsConfirming(true)
            }}
          />
        </div>
      </Col>
      {quote.data && (
        <PurchaseConfirm
          isOpen={isConfirming}
          region={regionName}
          quote={quote.data}
          protocol={protocol}
          autoRenew={autoRenew}
          isPaying={purchase.isPending || (isPriceChanged(purchase.error) && quote.isFetching)}
          error={purchaseError}
          onConfirm={onConfirm}
          onCancel={() => setIsConfirming(false)}
        />
      )}
    </Row>
  )
}
