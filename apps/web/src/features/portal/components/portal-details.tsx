// The offer in four cards, what is on sale now (live regions and plans, each a link to buy) and the trust points.
import {
  ApiOutlined,
  CheckCircleFilled,
  GlobalOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { Col, Flex, Row, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PortalOffer } from './portal-offer.tsx'

const FEATURES = [
  { key: 'staticIp', icon: <GlobalOutlined /> },
  { key: 'traffic', icon: <ThunderboltOutlined /> },
  { key: 'wallet', icon: <WalletOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
] as const

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

type Props = { regions: readonly Region[]; plans: readonly TrafficPlan[] }

export const PortalDetails = ({ regions, plans }: Props) => {
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
      <PortalOffer regions={regions} plans={plans} />
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
