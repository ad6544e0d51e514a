// antd theme: one primary colour and spacing from tokens everywhere.
import type { ThemeConfig } from 'antd'
import { withMotionPreference } from '../shared/ui/motion.ts'

export const appTheme: ThemeConfig = withMotionPreference({
  token: {
    colorPrimary: '#2f54eb',
    colorInfo: '#2f54eb',
    borderRadius: 8,
    colorBgLayout: '#f4f6fb',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fb', headerPadding: '0 24px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, subMenuItemBg: '#ffffff' },
    Card: { headerFontSize: 16 },
  },
})
