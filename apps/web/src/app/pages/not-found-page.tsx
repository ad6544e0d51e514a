// Unknown addresses: inside the console layout for /console/*, stand-alone elsewhere.
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { CONSOLE_HOME, PORTAL_HOME } from '../../shared/session/redirect.ts'
import { CenteredScreen } from '../../shared/ui/centered-screen.tsx'

const NotFound = ({ target, label }: { target: string; label: 'backConsole' | 'backHome' }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate(target)}>
          {t(`notFound.${label}`)}
        </Button>
      }
    />
  )
}

export const ConsoleNotFoundPage = () => <NotFound target={CONSOLE_HOME} label="backConsole" />

export const NotFoundPage = () => (
  <CenteredScreen>
    <NotFound target={PORTAL_HOME} label="backHome" />
  </CenteredScreen>
)
