// The offer in four cards, the regions on sale and the trust points.
import {
  ApiOutlined,
  CheckCircleFilled,
  EnvironmentOutlined,
  GlobalOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { Col, Flex, Row, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const FEATURES = [
  { key: 'staticIp', icon: <GlobalOutlined /> },
  { key: 'traffic', icon: <ThunderboltOutlined /> },
  { key: 'wallet', icon: <WalletOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
] as const

const REGIONS = ['us', 'jp', 'sg', 'hk', 'de', 'gb', 'kr'] as const
const TRUST = ['dedicated', 'ledger', 'protocols', 'revoke'] as const

const panel = {
  background: 'rgba(255,255,255,0.07)',
  border: '1px solid rgba(255,255,255,0.12)',
  borderRadius: 12,
}

const FeatureCard = ({ icon, title, text }: { icon: ReactNode; title: string; text: string }) => {
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXS} style={{ ...panel, padding: token.paddingLG, height: '100%' }}>
      <span style={{ fontSize: 24, color: '#adc6ff' }}>{icon}</span>
      <strong style={{ fontSize: token.fontSizeLG }}>{title}</strong>
      <span style={{ color: 'rgba(255,255,255,0.7)' }}>{text}</span>
    </Flex>
  )
}

export const PortalDetails = () => {
  const { t } = useTranslation('portal')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXL}>
      <Row gutter={[token.margin, token.margin]}>
        {FEATURES.map(({ key, icon }) => (
          <Col key={key} xs={24} sm={12}>
            <FeatureCard icon={icon} title={t(`features.${key}.title`)} text={t(`features.${key}.text`)} />
          </Col>
        ))}
      </Row>
      <Flex vertical gap={token.marginSM}>
        <Flex align="center" gap={token.marginXS} style={{ color: 'rgba(255,255,255,0.85)' }}>
          <EnvironmentOutlined />
          <strong>{t('regions.title')}</strong>
        </Flex>
        <Flex gap={token.marginXS} wrap>
          {REGIONS.map((region) => (
            <Flex
              key={region}
              align="center"
              gap={token.marginXS}
              style={{ ...panel, borderRadius: 999, padding: '4px 12px 4px 4px' }}
            >
              <span
                style={{
                  background: '#2f54eb',
                  borderRadius: 999,
                  padding: '0 8px',
                  fontSize: 12,
                  fontWeight: 600,
                }}
              >
                {region.toUpperCase()}
              </span>
              <span>{t(`regions.${region}`)}</span>
            </Flex>
          ))}
        </Flex>
      </Flex>
      <Row gutter={[token.margin, token.marginSM]}>
        {TRUST.map((point) => (
          <Col key={point} xs={24} sm={12}>
            <Flex align="center" gap={token.marginXS} style={{ color: 'rgba(255,255,255,0.85)' }}>
              <CheckCircleFilled style={{ color: '#73d13d' }} />
              <span>{t(`trust.${point}`)}</span>
            </Flex>
          </Col>
        ))}
      </Row>
    </Flex>
  )
}
