// The input that adds a source to the IP whitelist: checked with the contract's schema before it is sent,
// and the server's refusal (full, duplicate) shown in the same place.
import { PlusOutlined } from '@ant-design/icons'
import { WHITELIST_MIN_PREFIX } from '@proxy/contract/static-ip/ip-whitelist'
import { App, Button, Flex, Input, Space, Typography, theme } from 'antd'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { useAddIpWhitelist } from '../api/add-ip-whitelist.ts'
import { checkSource, type SourceProblem } from './whitelist-source.ts'

type Props = { max: number; isFull: boolean; isReady: boolean }

export const IpWhitelistAdd = ({ max, isFull, isReady }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const add = useAddIpWhitelist()
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<SourceProblem | null>(null)
  const errorId = useId()

  const onAdd = () => {
    if (isFull || !isReady || add.isPending) return
    const check = checkSource(value)
    setProblem(check.problem)
    if (check.source === null) return
    add.mutate(
      { source: check.source },
      {
        onSuccess: (entry) => {
          setValue('')
          void message.success(t('whitelist.added', { source: entry.source }))
        },
      },
    )
  }

  const onChange = (next: string) => {
    setValue(next)
    setProblem(null)
    if (add.isError) add.reset()
  }

  let error: string | null = null
  if (problem !== null) error = t(`whitelist.${problem}`, { ...WHITELIST_MIN_PREFIX })
  else if (add.isError) error = isApiError(add.error) ? describeApiError(add.error) : t('whitelist.addFailed')

  return (
    <Flex vertical gap={token.marginXXS}>
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input
          value={value}
          maxLength={64}
          disabled={isFull}
          status={error === null ? undefined : 'error'}
          placeholder={t('whitelist.placeholder')}
          aria-label={t('whitelist.inputLabel')}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : errorId}
          onChange={(event) => onChange(event.target.value)}
          onPressEnter={onAdd}
          data-testid="whitelist-input"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={isFull || !isReady}
          loading={add.isPending}
          onClick={onAdd}
          data-testid="whitelist-add"
        >
          {t('whitelist.add')}
        </Button>
      </Space.Compact>
      {error !== null && (
        <Typography.Text type="danger" role="alert" id={errorId} data-testid="whitelist-error">
          {error}
        </Typography.Text>
      )}
      {error === null && isFull && (
        <Typography.Text type="warning" data-testid="whitelist-full">
          {t('whitelist.full', { max })}
        </Typography.Text>
      )}
    </Flex>
  )
}
