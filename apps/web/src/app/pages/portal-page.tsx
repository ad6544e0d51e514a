// /portal/home and /portal/auth: the product on one side, the sign-in card on the other (SPEC §2). What is on sale
// comes from the live public catalogue (static-IP regions, traffic plans), so the portal never offers what is not.
import { useTranslation } from 'react-i18next'
import { AuthCard } from '../../features/auth/components/auth-card.tsx'
import { PortalBrand } from '../../features/portal/components/portal-brand.tsx'
import { PortalDetails } from '../../features/portal/components/portal-details.tsx'
import { useTrafficPlans } from '../../features/traffic/api/get-traffic-plans.ts'
import { useCatalog } from '../../shared/api/get-catalog.ts'
import styles from './portal-page.module.css'

export const PortalPage = () => {
  const { t } = useTranslation('portal')
  const regions = useCatalog().data?.regions ?? []
  const plans = useTrafficPlans().data?.plans ?? []
  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <PortalBrand />
      </div>
      <main className={styles.auth}>
        <AuthCard />
        <div className={styles.footer}>{t('footer', { year: new Date().getFullYear() })}</div>
      </main>
      <div className={styles.details}>
        <PortalDetails regions={regions} plans={plans} />
      </div>
    </div>
  )
}
