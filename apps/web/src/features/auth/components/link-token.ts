// The token of a mailed link travels in the address fragment (#token=…), which no browser sends to a
// server. It is read once, then taken out of the address bar and the history entry.
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** The token in a `#token=…` fragment, or null when there is none of the right shape. */
export const tokenFromHash = (hash: string): string | null => {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token !== null && TOKEN_SHAPE.test(token) ? token : null
}

export const useLinkToken = (): string | null => {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => tokenFromHash(location.hash))
  const hasHash = location.hash !== ''
  useEffect(() => {
    if (hasHash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }, [hasHash, location.pathname, location.search, navigate])
  return token
}
