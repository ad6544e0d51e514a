// /portal/home and /portal/auth: the product on one side, the sign-in card on the other (SPEC §2).
import { useTranslation } from 'react-i18next'
import { AuthCard } from '../../features/auth/components/auth-card.tsx'
import { PortalBrand } from '../../features/portal/components/portal-brand.tsx'
import { PortalDetails } from '../../features/portal/components/portal-details.tsx'
import styles from './portal-page.module.css'

export const PortalPage = () => {
  const { t } = useTranslation('portal')
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
        <PortalDetails />
      </div>
    </div>
  )
}
