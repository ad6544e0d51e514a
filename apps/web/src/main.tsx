// Entry: i18n first (it reads the stored language), then the HTTP wiring, then React.
import 'antd/dist/reset.css'
import './app/global.css'
import './app/i18n.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { setupHttp } from './app/http/setup-http.ts'
import { router } from './app/routing/router.tsx'

setupHttp((to, options) => router.navigate(to, options))

const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
