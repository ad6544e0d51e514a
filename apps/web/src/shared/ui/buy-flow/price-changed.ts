// A purchase confirmed against a quote whose price has changed since (an operator changed a price or a
// discount): the server refuses it with PRICE_CHANGED and charges nothing; the flow prices again.
import { isApiError } from '../../http/api-error.ts'

export const isPriceChanged = (error: unknown): boolean =>
  isApiError(error) && error.errorName === 'PRICE_CHANGED'
