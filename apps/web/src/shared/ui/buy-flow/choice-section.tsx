// One titled step of a buy form (region, term, plan, quantity…).
import { Typography } from 'antd'
import type { ReactNode } from 'react'

export const ChoiceSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
)
