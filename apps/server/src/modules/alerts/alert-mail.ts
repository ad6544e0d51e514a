// The mail of a fired alert, Chinese first (the console's default language) and English below it,
// as the reminders are written. A firing about one sub-user names it in the subject too.
import type { Mail } from '../../platform/mail/mailer.ts'
import type { ConditionEntry } from './conditions.ts'
import type { Crossing } from './transition.ts'

type Fired = { name: string; threshold: number; value: number; crossing?: Crossing | undefined }

export function alertMail(rule: Fired, entry: ConditionEntry): Pick<Mail, 'subject' | 'text'> {
  const lines = entry.describe(rule.value, rule.threshold, rule.crossing)
  const about = rule.crossing ? ` (${rule.crossing.username})` : ''
  return {
    subject: `告警：${rule.name}${about} / Alert: ${rule.name}${about}`,
    text: [
      `您的告警规则「${rule.name}」已触发。`,
      lines.zh,
      '条件恢复正常后，规则会自动重新生效；可在控制台的 告警 页面修改或停用。',
      '',
      `Your alert rule "${rule.name}" fired.`,
      lines.en,
      'It fires again after the condition clears and comes back; change or turn it off on the Alerts page of the console.',
    ].join('\n'),
  }
}
