// The term discounts: percent off each term's list price (0–90 %). Saving first reviews what changes
// (old → new percent, and what one IP at $10.00 per 30 days then costs for the term).
import { DISCOUNT_MAX_PERCENT, type TermDiscount } from '@proxy/contract/admin/catalogue'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { formatBalance } from '@proxy/contract/wire'
import { Button, Flex, Form, InputNumber, Modal, Typography, theme } from 'antd'
import { useState } from 'react'
import { useSetDiscounts } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { type Change, ReviewBody } from './edit-modal.tsx'

const EXAMPLE_MONTHLY = 10
/** What one IP at $10.00 per 30 days costs for a term at a discount, as the server rounds it. */
const examplePrice = (durationDays: number, percent: number) =>
  centsToAmount(Math.round((amountToCents(EXAMPLE_MONTHLY) * durationDays * (100 - percent)) / (30 * 100)))

type Values = Record<string, number>

export const DiscountsTab = ({ discounts }: { discounts: TermDiscount[] }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const [form] = Form.useForm<Values>()
  const save = useSetDiscounts()
  const [review, setReview] = useState<TermDiscount[] | null>(null)
  const initial: Values = Object.fromEntries(
    discounts.map((item) => [String(item.durationDays), item.percent]),
  )
  const term = (days: number) => t('catalogue.discounts.term', { count: days })

  const toReview = async () => {
    const values = await form.validateFields()
    setReview(
      discounts.map((item) => ({ ...item, percent: values[String(item.durationDays)] ?? item.percent })),
    )
  }
  const changes: Change[] = (review ?? [])
    .filter((item) => item.percent !== initial[String(item.durationDays)])
    .map((item) => {
      const before = initial[String(item.durationDays)] ?? 0
      return {
        key: String(item.durationDays),
        label: term(item.durationDays),
        before: `${before}% (${formatBalance(examplePrice(item.durationDays, before))})`,
        after: `${item.percent}% (${formatBalance(examplePrice(item.durationDays, item.percent))})`,
        isPrice: true,
      }
    })

  return (
    <Flex vertical gap={token.margin} style={{ maxWidth: 480 }}>
      <Typography.Text type="secondary">{t('catalogue.discounts.hint')}</Typography.Text>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 10 }}
        initialValues={initial}
        key={JSON.stringify(initial)}
      >
        {discounts.map((item) => (
          <Form.Item
            key={item.durationDays}
            name={String(item.durationDays)}
            label={term(item.durationDays)}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 0,
                max: DISCOUNT_MAX_PERCENT,
                message: t('catalogue.rules.percent'),
              },
            ]}
          >
            <InputNumber<number>
              suffix="%"
              precision={0}
              style={{ width: 140 }}
              data-testid={`discount-${item.durationDays}`}
            />
          </Form.Item>
        ))}
      </Form>
      <Flex>
        <Button
          type="primary"
          onClick={() => void toReview().catch(() => undefined)}
          data-testid="discounts-review"
        >
          {t('catalogue.review')}
        </Button>
      </Flex>
      <Modal
        open={review !== null}
        title={t('catalogue.discounts.confirmTitle')}
        okText={t('catalogue.save')}
        cancelText={t('catalogue.back')}
        okButtonProps={{ disabled: changes.length === 0 }}
        confirmLoading={save.isPending}
        onOk={() =>
          review &&
          void save
            .mutateAsync({ discounts: review })
            .then(() => setReview(null))
            .catch(() => undefined)
        }
        onCancel={() => !save.isPending && setReview(null)}
        destroyOnHidden
      >
        <ReviewBody changes={changes} hint={t('catalogue.discounts.confirmHint')} />
      </Modal>
    </Flex>
  )
}
