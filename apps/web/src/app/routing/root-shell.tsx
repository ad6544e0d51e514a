// Top of every page: keeps document.title in step with the route and language, and shows the page spinner.
import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useMatches } from 'react-router'
import { PageSpin } from '../../shared/ui/page-spin.tsx'
import { currentMeta } from './route-meta.ts'

export const RootShell = () => {
  const { t } = useTranslation()
  const meta = currentMeta(useMatches())

  useEffect(() => {
    const product = t('product.name')
    document.title = meta ? `${t(meta.titleKey)} - ${product}` : product
  }, [meta, t])

  return (
    <Suspense fallback={<PageSpin fullScreen />}>
      <Outlet />
    </Suspense>
  )
}
