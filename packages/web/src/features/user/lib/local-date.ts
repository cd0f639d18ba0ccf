/** "2026-11-02 12:00:00" (UTC, as the server writes it) → "2026-11-02" in the phone's zone. */
export function localDate(utcText: string): string {
  const date = new Date(`${utcText.trim().replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return utcText;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
