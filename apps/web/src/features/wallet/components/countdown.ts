// Time left to pay a top-up order, ticking once a second.
import { useEffect, useState } from 'react'

export const remainingMs = (expiresAt: string, now: number): number => {
  const end = new Date(expiresAt).getTime()
  return Number.isNaN(end) ? 0 : Math.max(0, end - now)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** mm:ss, or h:mm:ss from an hour up; whole seconds rounded up so 00:00 means really over. */
export const formatCountdown = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`
}

/** Milliseconds until `expiresAt`, re-rendered every second until it reaches 0. */
export const useRemainingMs = (expiresAt: string | undefined): number => {
  const [now, setNow] = useState(() => Date.now())
  const left = expiresAt ? remainingMs(expiresAt, now) : 0
  const isRunning = left > 0
  useEffect(() => {
    if (!isRunning) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [isRunning])
  return left
}
