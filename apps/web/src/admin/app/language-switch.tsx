// zh-CN / EN in the console's header; the console's i18n keeps the choice under `admin_language`.
import { Segmented } from 'antd'
import { LANGUAGES, type Language } from '../../shared/i18n/language.ts'
import { adminI18n, useAdminT } from './i18n.ts'

const SHORT: Record<Language, string> = { 'zh-CN': '中', 'en-US': 'EN' }

export const AdminLanguageSwitch = () => {
  const { t, language } = useAdminT()
  return (
    <Segmented<Language>
      size="small"
      value={language}
      options={LANGUAGES.map((value) => ({ value, label: SHORT[value], title: t(`language.${value}`) }))}
      onChange={(next) => void adminI18n.changeLanguage(next)}
      aria-label={t('language.label')}
      data-testid="admin-language-switch"
    />
  )
}
