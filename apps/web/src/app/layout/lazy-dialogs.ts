// The personal-info and password dialogs load only when opened.
import { lazy } from 'react'

export const ProfileModal = lazy(async () => ({
  default: (await import('../../features/user/components/profile-modal.tsx')).ProfileModal,
}))

export const ChangePasswordModal = lazy(async () => ({
  default: (await import('../../features/user/components/change-password-modal.tsx')).ChangePasswordModal,
}))
