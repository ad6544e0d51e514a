// The console's antd theme: the customer console's primary colour and radii, with a dark side menu so an
// operator always sees which console they are in. (The customer theme lives in app/, which this entry
// must not import; moving it to shared/ would let both read one object.)
import type { ThemeConfig } from 'antd'
import { withMotionPreference } from '../../shared/ui/motion.ts'

const PRIMARY = '#2f54eb'

export const adminTheme: ThemeConfig = withMotionPreference({
  token: { colorPrimary: PRIMARY, colorInfo: PRIMARY, borderRadius: 8, colorBgLayout: '#f4f6fb' },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#001529', bodyBg: '#f4f6fb', headerPadding: '0 16px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, darkItemBg: '#001529' },
  },
})
