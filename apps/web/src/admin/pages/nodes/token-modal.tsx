// A node's token, the one time it is shown (after an add or a rotation): a warning that it cannot be
// shown again, the token to copy, and one way out. Closing forgets it: the server keeps only its hash.
import { CheckOutlined, CopyOutlined } from '@ant-design/icons'
import { Alert, App, Button, Flex, Modal, Typography, theme } from 'antd'
import { useState } from 'react'
import { copyText } from '../../../shared/lib/copy-text.ts'
import { useAdminT } from '../../app/i18n.ts'

export type IssuedToken = { nodeName: string; token: string; isRotation: boolean }

export const TokenModal = ({ issued, onClose }: { issued: IssuedToken | null; onClose: () => void }) => {
  const { t } = useAdminT()
  const { token: design } = theme.useToken()
  const { message } = App.useApp()
  const [isCopied, setIsCopied] = useState(false)

  const copy = async () => {
    if (issued && (await copyText(issued.token))) setIsCopied(true)
    else void message.error(t('nodes.token.copyFailed'))
  }
  const close = () => {
    setIsCopied(false)
    onClose()
  }

  return (
    <Modal
      open={issued !== null}
      title={
        issued &&
        t(issued.isRotation ? 'nodes.token.rotatedTitle' : 'nodes.token.title', {
          name: issued.nodeName,
        })
      }
      // One deliberate way out, so the token is not lost to a stray click or Esc.
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={close} data-testid="node-token-done">
          {t('nodes.token.done')}
        </Button>
      }
      destroyOnHidden
    >
      {issued && (
        <Flex vertical gap={design.margin}>
          <Alert
            type="warning"
            showIcon
            title={t('nodes.token.once')}
            description={t(issued.isRotation ? 'nodes.token.rotatedBody' : 'nodes.token.onceBody')}
          />
          <Typography.Paragraph
            code
            style={{ margin: 0, wordBreak: 'break-all', fontFamily: design.fontFamilyCode }}
            data-testid="node-token"
          >
            {issued.token}
          </Typography.Paragraph>
          <Button
            icon={isCopied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy()}
            style={{ alignSelf: 'flex-start' }}
            data-testid="node-token-copy"
          >
            {t(isCopied ? 'nodes.token.copied' : 'nodes.token.copy')}
          </Button>
        </Flex>
      )}
    </Modal>
  )
}
