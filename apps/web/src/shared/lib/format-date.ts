// Dates from the API are ISO strings; show them in the reader's language.
export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
