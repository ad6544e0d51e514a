// Auto-stop of the customer's own traffic login: a daily cap (in GB) that pauses the login, not its
// sub-users, until the next day in the customer's time zone; a pause shows until when, with a lift button.
import { PauseCircleOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Flex, InputNumber, Skeleton, Space, Tag, Typography, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAutoStop } from '../api/get-auto-stop.ts'
import { useLiftAutoStop } from '../api/lift-auto-stop.ts'
import { useSetAutoStop } from '../api/set-auto-stop.ts'
import { bytesToGb, gbToBytes } from './sub-user-form.ts'

export const LoginAutoStopCard = () => {
  const { t, i18n } = useTranslation(['traffic', 'common'])
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const { data } = useAutoStop()
  const save = useSetAutoStop()
  const lift = useLiftAutoStop()
  const [gb, setGb] = useState<number | null>(null)
  useEffect(() => setGb(data?.dailyBytes == null ? null : bytesToGb(data.dailyBytes)), [data?.dailyBytes])
  const onSave = (next: number | null) =>
    save
      .mutateAsync(next === null ? null : gbToBytes(next))
      .then(() => void message.success(t(next === null ? 'autoStop.cleared' : 'autoStop.saved')))
      .catch(() => undefined)

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={token.marginXS}>
          <PauseCircleOutlined style={{ color: token.colorPrimary }} />
          {t('autoStop.title')}
        </Flex>
      }
      data-testid="login-auto-stop"
    >
      {!data ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={token.margin}>
          <Typography.Text type="secondary">{t('autoStop.hint')}</Typography.Text>
          <Flex gap={token.marginLG} wrap align="center">
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text type="secondary">{t('autoStop.cap')}</Typography.Text>
              <Space.Compact>
                <InputNumber
                  min={0.001}
                  max={1024 * 1024}
                  value={gb}
                  onChange={setGb}
                  suffix="GB"
                  placeholder={t('autoStop.none')}
                  style={{ width: 160 }}
                  data-testid="auto-stop-input"
                />
                <Button
                  type="primary"
                  loading={save.isPending}
                  disabled={!gb}
                  onClick={() => void onSave(gb)}
                  data-testid="auto-stop-save"
                >
                  {t('autoStop.save')}
                </Button>
              </Space.Compact>
            </Flex>
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text type="secondary">{t('autoStop.today')}</Typography.Text>
              <Typography.Text strong data-testid="auto-stop-today">
                {formatBytes(data.todayBytes, i18n.language)}
              </Typography.Text>
            </Flex>
            <Tag color={data.pausedUntil ? 'warning' : data.dailyBytes === null ? 'default' : 'success'}>
              {data.pausedUntil
                ? t('autoStop.pausedUntil', {
                    time: formatLocalDateTime(data.pausedUntil, { withSeconds: false }),
                  })
                : data.dailyBytes === null
                  ? t('autoStop.none')
                  : data.liftedToday
                    ? t('autoStop.liftedToday')
                    : t('autoStop.running')}
            </Tag>
            {data.dailyBytes !== null && (
              <Button
                onClick={() => void onSave(null)}
                loading={save.isPending}
                data-testid="auto-stop-clear"
              >
                {t('autoStop.clear')}
              </Button>
            )}
          </Flex>
          {data.pausedUntil && (
            <Alert
              type="warning"
              showIcon
              title={t('autoStop.pausedUntil', {
                time: formatLocalDateTime(data.pausedUntil, { withSeconds: false }),
              })}
              action={
                <Button
                  size="small"
                  loading={lift.isPending}
                  onClick={() =>
                    void lift
                      .mutateAsync()
                      .then(() => void message.success(t('autoStop.lifted')))
                      .catch(() => undefined)
                  }
                  data-testid="auto-stop-lift"
                >
                  {t('autoStop.lift')}
                </Button>
              }
            />
          )}
        </Flex>
      )}
    </Card>
  )
}
