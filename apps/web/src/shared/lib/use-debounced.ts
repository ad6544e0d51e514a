// A value that follows its source only after it has stopped changing for `delayMs` (live quotes while typing).
import { useEffect, useState } from 'react'

export const useDebounced = <T>(value: T, delayMs: number): T => {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}
