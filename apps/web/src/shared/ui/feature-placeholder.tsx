// The designed empty state for console pages whose feature ships in a later issue: what will appear here.
import { ClockCircleOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Result, Tag, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

type Props = { icon: ReactNode; title: string; description: string; points: string[] }

export const FeaturePlaceholder = ({ icon, title, description, points }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const navigate = useNavigate()
  return (
    <Card variant="borderless">
      <Result
        icon={<span style={{ fontSize: 64, color: token.colorPrimary }}>{icon}</span>}
        title={
          <Flex align="center" justify="center" gap={token.marginXS} wrap>
            <span>{title}</span>
            <Tag icon={<ClockCircleOutlined />} color="processing">
              {t('placeholder.badge')}
            </Tag>
          </Flex>
        }
        subTitle={<div style={{ maxWidth: 560, margin: '0 auto' }}>{description}</div>}
        extra={
          <Flex vertical align="center" gap={token.marginLG}>
            <Flex gap={token.marginXS} justify="center" wrap>
              {points.map((point) => (
                <Tag
                  key={point}
                  variant="filled"
                  style={{ padding: `${token.paddingXXS}px ${token.paddingSM}px` }}
                >
                  {point}
                </Tag>
              ))}
            </Flex>
            <Button onClick={() => navigate('/console/overview')}>{t('placeholder.back')}</Button>
          </Flex>
        }
      />
    </Card>
  )
}
