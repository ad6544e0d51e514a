// Switches between zh-CN and en-US; the choice is stored under `language`, and while signed in
// it is saved on the account too (restored after every sign-in). A Segmented control rather than a
// Dropdown, which would pull antd Menu into the portal chunk.
import { useQueryClient } from '@tanstack/react-query'
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGES, type Language, persistLanguage } from '../i18n/language.ts'
import { hasToken } from '../session/token.ts'

const SHORT_LABELS: Record<Language, string> = { 'zh-CN': '中', 'en-US': 'EN' }

export const LanguageSwitch = ({ compact = false }: { compact?: boolean }) => {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const current = isLanguage(i18n.language) ? i18n.language : 'zh-CN'
  const options = LANGUAGES.map((language) => ({
    value: language,
    label: compact ? SHORT_LABELS[language] : t(`language.${language}`),
    title: t(`language.${language}`),
  }))

  const onChange = (language: Language) => {
    persistLanguage(language)
    void i18n.changeLanguage(language)
    // Loaded on demand: the contract's schemas stay out of the portal's first chunk.
    if (hasToken())
      void import('../api/update-me.ts')
        .then(({ savePreferences }) => savePreferences(queryClient, { language }))
        .catch(() => undefined)
  }

  return (
    <Segmented<Language>
      size="small"
      value={current}
      options={options}
      onChange={onChange}
      aria-label={t('language.label')}
      data-testid="language-switch"
    />
  )
}
