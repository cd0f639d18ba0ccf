// Shortens the long texts the fuzz sends (up to 100 KB) before they reach a failure report.

/** The text, or its first `max` characters followed by its full length. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}
