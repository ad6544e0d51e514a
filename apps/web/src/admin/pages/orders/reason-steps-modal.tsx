// A write that moves money, in one dialog and three steps: a required reason (and the fields the action
// adds), a confirmation that says what will happen, then the server's answer. The dialog is mounted per
// opening and makes its Idempotency-Key then: a retry after a lost answer sends the same key, so money
// moves once; only a changed request (another reason) takes a new key, which the server would otherwise
// refuse as a different body. Used by refunds here and by marking a top-up paid.
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd'
import { type ReactNode, useRef, useState } from 'react'
import { isApiError } from '../../../shared/http/api-error.ts'
import { randomId } from '../../../shared/lib/random-id.ts'
import { describeAdminError } from '../../app/http.ts'
import { useAdminT } from '../../app/i18n.ts'

export type StepValues = { reason: string } & Record<string, string>

type Props<A> = {
  title: string
  /** What the action does, above the form. */
  intro?: ReactNode
  /** Form items before the reason. */
  fields?: ReactNode
  /** The confirmation: what will happen with these values. */
  review: (values: StepValues) => ReactNode
  confirmLabel: string
  send: (values: StepValues, key: string) => Promise<A>
  result: (answer: A) => ReactNode
  onClose: () => void
  'data-testid': string
}

/** The dialog's key: made at opening, kept for the same request, renewed for a changed one. */
const useRequestKey = () => {
  const [first] = useState(randomId)
  const sent = useRef<{ key: string; body: string | null }>({ key: first, body: null })
  return (values: StepValues): string => {
    const body = JSON.stringify(values)
    if (sent.current.body !== null && sent.current.body !== body) sent.current = { key: randomId(), body }
    else sent.current.body = body
    return sent.current.key
  }
}

export const ReasonStepsModal = <A,>({
  title,
  intro,
  fields,
  review,
  confirmLabel,
  send,
  result,
  onClose,
  'data-testid': testId,
}: Props<A>) => {
  const { t } = useAdminT()
  const [form] = Form.useForm<StepValues>()
  const keyFor = useRequestKey()
  const [values, setValues] = useState<StepValues | null>(null)
  const [answer, setAnswer] = useState<{ value: A } | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [isSending, setIsSending] = useState(false)

  const toReview = async () => {
    const checked = await form.validateFields()
    const trimmed = Object.fromEntries(Object.entries(checked).map(([name, value]) => [name, value.trim()]))
    setFailure(null)
    setValues(trimmed as StepValues)
  }

  const confirm = async (chosen: StepValues) => {
    setIsSending(true)
    setFailure(null)
    try {
      setAnswer({ value: await send(chosen, keyFor(chosen)) })
    } catch (error) {
      setFailure(error)
    } finally {
      setIsSending(false)
    }
  }

  const isLost = failure !== null && (!isApiError(failure) || failure.status === null)
  const failureText =
    failure === null
      ? null
      : isLost
        ? t('orders.steps.lost')
        : isApiError(failure)
          ? describeAdminError(failure)
          : t('orders.steps.failed')

  const step = answer ? 'done' : values ? 'review' : 'form'
  const footer =
    step === 'done' ? (
      <Button type="primary" onClick={onClose} data-testid={`${testId}-close`}>
        {t('orders.steps.close')}
      </Button>
    ) : step === 'review' && values ? (
      <Flex gap={8} justify="flex-end" wrap>
        <Button disabled={isSending} onClick={() => setValues(null)}>
          {t('orders.steps.back')}
        </Button>
        <Button
          type="primary"
          danger
          loading={isSending}
          onClick={() => void confirm(values)}
          data-testid={`${testId}-confirm`}
        >
          {isLost ? t('orders.steps.retry') : confirmLabel}
        </Button>
      </Flex>
    ) : (
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onClose}>{t('orders.steps.cancel')}</Button>
        <Button
          type="primary"
          onClick={() => void toReview().catch(() => undefined)}
          data-testid={`${testId}-review`}
        >
          {t('orders.steps.review')}
        </Button>
      </Flex>
    )

  return (
    <Modal
      open
      title={title}
      footer={footer}
      onCancel={isSending ? undefined : onClose}
      mask={{ closable: false }}
    >
      <Flex vertical gap={12} data-testid={testId}>
        {step === 'form' && intro}
        <Form form={form} layout="vertical" requiredMark={false} hidden={step !== 'form'}>
          {fields}
          <Form.Item
            name="reason"
            label={t('orders.steps.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                min: 3,
                max: 500,
                message: t('orders.steps.reasonRule'),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} data-testid={`${testId}-reason`} />
          </Form.Item>
        </Form>
        {step === 'review' && values && (
          <Flex vertical gap={8} data-testid={`${testId}-summary`}>
            {review(values)}
            <Typography.Text type="secondary">
              {t('orders.steps.reasonIs', { reason: values.reason })}
            </Typography.Text>
          </Flex>
        )}
        {step === 'done' && answer && <div data-testid={`${testId}-result`}>{result(answer.value)}</div>}
        {failureText && step === 'review' && (
          <Alert type="error" showIcon title={failureText} data-testid={`${testId}-error`} />
        )}
      </Flex>
    </Modal>
  )
}
