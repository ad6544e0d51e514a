// First console visit after signing in (no `firstVisit` cookie): a tour of menu, balance and account menu.
import { Tour, type TourProps } from 'antd'
import { type RefObject, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hasSeenTour, markTourSeen } from '../../shared/session/token.ts'

type Target = RefObject<HTMLElement | null>
type Targets = { menu: Target; wallet: Target; avatar: Target }

// antd resolves a missing target by centring the step, so a null element is fine at run time.
const elementOf = (ref: Target) => () => ref.current as HTMLElement

export const FirstVisitTour = ({ targets }: { targets: Targets }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)

  // Open after the first paint so the targets have their final positions.
  useEffect(() => {
    if (hasSeenTour()) return
    const timer = setTimeout(() => setOpen(true), 400)
    return () => clearTimeout(timer)
  }, [])

  const finish = () => {
    markTourSeen()
    setOpen(false)
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
