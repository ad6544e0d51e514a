// The payment channel as two cards with the brand icons.
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { Col, Flex, Row, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { OptionCard } from '../../../shared/ui/option-card.tsx'
import { CHANNELS, ChannelIcon } from './channels.tsx'

type Props = { value: TopUpChannel; onChange: (channel: TopUpChannel) => void }

export const ChannelPicker = ({ value, onChange }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  return (
    <Row gutter={[token.marginSM, token.marginSM]}>
      {CHANNELS.map((channel) => (
        <Col key={channel} xs={24} sm={12}>
          <OptionCard
            name="topup-channel"
            isSelected={value === channel}
            onSelect={() => onChange(channel)}
            minHeight={72}
            data-testid={`channel-${channel}`}
          >
            <Flex align="center" gap={token.marginSM} style={{ width: '100%', textAlign: 'start' }}>
              <ChannelIcon channel={channel} size={32} />
              <Flex vertical>
                <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
                  {t(`channels.${channel}`)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                  {t(`recharge.channelHints.${channel}`)}
                </Typography.Text>
              </Flex>
            </Flex>
          </OptionCard>
        </Col>
      ))}
    </Row>
  )
}
