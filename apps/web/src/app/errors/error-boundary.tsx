// Catches render errors below it (SPEC §4): message, and a retry that clears the error and reloads the page.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorFallback } from '../../shared/ui/error-fallback.tsx'

type Props = { children: ReactNode; fullScreen?: boolean; reload?: () => void }
type State = { hasError: boolean }

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false }

  static getDerivedStateFromError(): State {
    return { hasError: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack)
  }

  onRetry = (): void => {
    this.setState({ hasError: false })
    ;(this.props.reload ?? (() => window.location.reload()))()
  }

  override render(): ReactNode {
    if (this.state.hasError)
      return <ErrorFallback onRetry={this.onRetry} fullScreen={this.props.fullScreen} />
    return this.props.children
  }
}
