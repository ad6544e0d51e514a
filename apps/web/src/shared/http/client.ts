// The one axios instance of the app (SPEC §7, §9); interceptors are installed by app/http at start-up.
import axios from 'axios'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No toast for failures of this call (the export downloads, SPEC §8). */
    silent?: boolean
    /** Hand the caller the whole axios response instead of the envelope's data (downloads need the headers). */
    rawResponse?: boolean
  }
}

export const API_BASE = '/api'
export const REQUEST_TIMEOUT_MS = 120_000

export const http = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS })
