// First console visit (no `firstVisit` cookie, and the account has not seen it on any browser): a tour of
// menu, balance and account menu. Finishing or skipping it is kept on the account (`tourSeen`).
import { useQueryClient } from '@tanstack/react-query'
import { Tour, type TourProps } from 'antd'
import { type RefObject, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../shared/api/get-me.ts'
import { savePreferences } from '../../shared/api/update-me.ts'
import { hasSeenTour, markTourSeen } from '../../shared/session/token.ts'

type Target = RefObject<HTMLElement | null>
type Targets = { menu: Target; wallet: Target; avatar: Target }

// antd resolves a missing target by centring the step, so a null element is fine at run time.
const elementOf = (ref: Target) => () => ref.current as HTMLElement

export const FirstVisitTour = ({ targets }: { targets: Targets }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { data: me } = useMe()
  const [open, setOpen] = useState(false)
  // Decided once the account has answered: it may have seen the tour on another browser.
  const isDue = me !== undefined && !me.tourSeen

  // Open after the first paint so the targets have their final positions.
  useEffect(() => {
    if (!isDue || hasSeenTour()) return
    const timer = setTimeout(() => setOpen(true), 400)
    return () => clearTimeout(timer)
  }, [isDue])

  const finish = () => {
    markTourSeen()
    setOpen(false)
    void savePreferences(queryClient, { tourSeen: true }).catch(() => undefined)
  }

  const prevButtonProps = { children: t('tour.prev') }
  const steps: TourProps['steps'] = [
    {
      title: t('tour.menuTitle'),
      description: t('tour.menuText'),
      target: elementOf(targets.menu),
      nextButtonProps: { children: t('tour.next') },
    },
    {
      title: t('tour.walletTitle'),
      description: t('tour.walletText'),
      target: elementOf(targets.wallet),
      prevButtonProps,
      nextButtonProps: { children: t('tour.next') },
    },
    {
      title: t('tour.avatarTitle'),
      description: t('tour.avatarText'),
      target: elementOf(targets.avatar),
      prevButtonProps,
      nextButtonProps: { children: t('tour.finish') },
    },
  ]

  return <Tour open={open} steps={steps} onClose={finish} onFinish={finish} />
}
