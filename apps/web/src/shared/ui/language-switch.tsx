// Switches between zh-CN and en-US; app/i18n persists the choice under `language`. A Segmented control
// rather than a Dropdown, which would pull antd Menu into the portal chunk.
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGES, type Language } from '../i18n/language.ts'

const SHORT_LABELS: Record<Language, string> = { 'zh-CN': '中', 'en-US': 'EN' }

export const LanguageSwitch = ({ compact = false }: { compact?: boolean }) => {
  const { t, i18n } = useTranslation()
  const current = isLanguage(i18n.language) ? i18n.language : 'zh-CN'
  const options = LANGUAGES.map((language) => ({
    value: language,
    label: compact ? SHORT_LABELS[language] : t(`language.${language}`),
    title: t(`language.${language}`),
  }))
  return (
    <Segmented<Language>
      size="small"
      value={current}
      options={options}
      onChange={(language) => void i18n.changeLanguage(language)}
      aria-label={t('language.label')}
      data-testid="language-switch"
    />
  )
}
