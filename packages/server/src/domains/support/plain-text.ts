/**
 * A chat message as plain text. Clients render it as text (never HTML), so markup is harmless
 * and kept as typed; what is removed is what text rendering would still act on: control
 * characters (other than line breaks and tabs) and the bidirectional overrides and isolates
 * that can make a line read differently from what it says.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** More than two empty lines in a row are one paragraph break too many to scroll past. */
const BLANK_RUN = /\n{3,}/g;

export function plainText(input: string): string {
  return input.replace(/\r\n?/g, '\n').replace(UNWANTED, '').replace(BLANK_RUN, '\n\n').trim();
}
