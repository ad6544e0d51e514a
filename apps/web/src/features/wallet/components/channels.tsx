// The payment channels of top-ups with their brand icon and name.
import { AlipayCircleFilled, WechatFilled } from '@ant-design/icons'
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { Flex } from 'antd'
import { useTranslation } from 'react-i18next'

export const CHANNELS = ['alipay', 'wxpay'] as const satisfies readonly TopUpChannel[]

const BRAND_COLOURS: Record<TopUpChannel, string> = { alipay: '#1677ff', wxpay: '#07c160' }

type IconProps = { channel: TopUpChannel; size?: number; isPlain?: boolean }

/** In the brand colour, or `isPlain` in the surrounding text colour (on a primary button). */
export const ChannelIcon = ({ channel, size = 16, isPlain = false }: IconProps) => {
  const style = { color: isPlain ? undefined : BRAND_COLOURS[channel], fontSize: size }
  return channel === 'alipay' ? <AlipayCircleFilled style={style} /> : <WechatFilled style={style} />
}

export const ChannelName = ({ channel }: { channel: TopUpChannel }) => {
  const { t } = useTranslation('wallet')
  return (
    <Flex component="span" align="center" gap={6} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <ChannelIcon channel={channel} />
      <span>{t(`channels.${channel}`)}</span>
    </Flex>
  )
}
