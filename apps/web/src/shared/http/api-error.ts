// What a failed call rejects with: the catalogue code (when the server sent an envelope) and the HTTP status.
import { type ErrorName, errorNameByCode } from '@proxy/contract/errors'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly errorName: ErrorName | null

  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number | null,
  ) {
    super(message)
    this.errorName = code === null ? null : (errorNameByCode.get(code) ?? null)
  }
}

/** The server answered, but not with the shape the contract promises: a bug, shown by the error boundary. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError'

  constructor(
    readonly path: string,
    readonly issues: unknown,
  ) {
    super(`The answer of ${path} does not match the contract`)
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

export const isContractMismatch = (error: unknown): error is ContractMismatchError =>
  error instanceof ContractMismatchError
