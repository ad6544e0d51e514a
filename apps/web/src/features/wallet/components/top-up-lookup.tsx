// What the checkout and the payment-result pages show when a top-up order cannot be shown:
// it does not exist (or is not this customer's), or it could not be loaded.
import { FileSearchOutlined } from '@ant-design/icons'
import { Result } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'

export const isMissingOrder = (error: unknown) => isApiError(error) && error.errorName === 'NOT_FOUND'

type NotFoundProps = { orderNo: string; extra: ReactNode; testId: string }

export const TopUpNotFound = ({ orderNo, extra, testId }: NotFoundProps) => {
  const { t } = useTranslation('wallet')
  return (
    <Result
      icon={<FileSearchOutlined />}
      title={t('checkout.notFoundTitle')}
      subTitle={t('checkout.notFoundText', { orderNo })}
      extra={extra}
      data-testid={testId}
    />
  )
}

type LoadFailedProps = { title: string; error: unknown; extra: ReactNode }

export const TopUpLoadFailed = ({ title, error, extra }: LoadFailedProps) => (
  <Result
    status="error"
    title={title}
    subTitle={isApiError(error) ? describeApiError(error) : undefined}
    extra={extra}
  />
)
