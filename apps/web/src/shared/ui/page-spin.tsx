// The centred spinner shown while a lazy page chunk loads.
import { Flex, Spin } from 'antd'

export const PageSpin = ({ fullScreen = false }: { fullScreen?: boolean }) => (
  <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 320, width: '100%' }}>
    <Spin size="large" />
  </Flex>
)
