import { UNSERVED_AREA_CODES } from '@tradedesk/contract';
import type { CountryCode } from 'libphonenumber-js/max';
import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../platform/http/app-error.ts';

export interface AreaRecord {
  id: number;
  code: string;
  global_code: string;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new AppError('INVALID_EMAIL');
  return email;
}

export function isUnservedArea(area: AreaRecord): boolean {
  return (UNSERVED_AREA_CODES as readonly string[]).includes(area.code);
}

/**
 * The national number of a mobile in an area, digits only. With no area (is_show_mobile 3)
 * the digits are kept as typed.
 */
export function normalizeMobile(raw: string, area: AreaRecord | null): string {
  const digits = raw.replace(/[\s()+-]/g, '');
  if (!/^\d{5,15}$/.test(digits)) throw new AppError('INVALID_MOBILE');
  if (!area) return digits;
  const country = area.code as CountryCode;
  // Someone may type the number with its calling code; parse it either way.
  const parsed =
    parsePhoneNumberFromString(digits, country) ?? parsePhoneNumberFromString(`+${digits}`);
  if (!parsed || parsed.countryCallingCode !== area.global_code)
    throw new AppError('INVALID_MOBILE');
  if (!isPossiblePhoneNumber(parsed.number)) throw new AppError('INVALID_MOBILE');
  return parsed.nationalNumber;
}

export function mobileKey(areaId: number | null, national: string): string {
  return `${areaId ?? 0}:${national}`;
}

/** Where a verification code goes, as one comparable string. */
export function destinationKey(channel: 'email' | 'sms', address: string): string {
  return `${channel}:${address}`;
}
