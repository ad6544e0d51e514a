// The way back to the top-up page from an order that cannot be paid (or was never found).
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'

export const TopUpAgain = ({ isFirst = false }: { isFirst?: boolean }) => {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  return (
    <Button type="primary" onClick={() => navigate(RECHARGE_PATH)} data-testid="top-up-again">
      {t(isFirst ? 'actions.topUp' : 'actions.topUpAgain')}
    </Button>
  )
}
