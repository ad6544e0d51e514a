// After a purchase: the new proxies with their credentials, an export of just these, and the way on.
import type { Instance } from '@proxy/contract/static-ip/instances'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ResultView } from '../../../shared/ui/buy-flow/result-view.tsx'
import { ProxyCredentials } from '../../../shared/ui/proxy-credentials.tsx'
import { ExportMenu } from './export-menu.tsx'

type Props = { orderNo: string; instances: Instance[]; onAgain: () => void }

export const PurchaseResult = ({ orderNo, instances, onAgain }: Props) => {
  const { t } = useTranslation('static-ip')
  const navigate = useNavigate()
  const ids = instances.map((instance) => instance.id)
  return (
    <ResultView
      title={t('result.title')}
      subTitle={t('result.subtitle', { orderNo, count: instances.length })}
      actions={
        <>
          <Button type="primary" onClick={() => navigate('/console/ipList')} data-testid="to-ip-list">
            {t('result.toList')}
          </Button>
          <ExportMenu
            ids={ids}
            label={t('result.export')}
            types={['socks5', 'vmess', 'all']}
            data-testid="result-export"
          />
          <Button onClick={onAgain}>{t('result.again')}</Button>
        </>
      }
    >
      <ProxyCredentials instances={instances} />
    </ResultView>
  )
}
