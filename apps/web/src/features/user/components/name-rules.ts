// The rename rule of the contract (1–32 characters after trimming), as a message key for the form.
import { NAME_MAX_LENGTH } from '@proxy/contract/wire'

export type NameProblem = 'nameRequired' | 'nameTooLong'

export const nameProblem = (draft: string): NameProblem | null => {
  const length = draft.trim().length
  if (length === 0) return 'nameRequired'
  if (length > NAME_MAX_LENGTH) return 'nameTooLong'
  return null
}
