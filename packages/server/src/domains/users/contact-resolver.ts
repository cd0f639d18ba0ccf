import { type ContactType, SHOW_MOBILE } from '@tradedesk/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  type AreaRecord,
  destinationKey,
  isUnservedArea,
  mobileKey,
  normalizeEmail,
  normalizeMobile,
} from './contacts.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

/** A contact as typed by the user, normalized: where codes go and how to find its owner. */
export interface ResolvedContact {
  channel: 'email' | 'sms';
  destination: string;
  email: string | null;
  mobile: string | null;
  area: AreaRecord | null;
  mobileKey: string | null;
}

export function createContactResolver(deps: { settings: SettingsService; users: UsersRepository }) {
  const { settings, users } = deps;
  return {
    async resolve(
      type: ContactType,
      account: string,
      areaId: number | undefined,
    ): Promise<ResolvedContact> {
      if (type === 'email') {
        const email = normalizeEmail(account);
        return {
          channel: 'email',
          destination: destinationKey('email', email),
          email,
          mobile: null,
          area: null,
          mobileKey: null,
        };
      }
      const mode = await settings.showMobile();
      if (mode === SHOW_MOBILE.off) throw new AppError('MOBILE_REGISTRATION_OFF');
      let area: AreaRecord | null = null;
      if (mode === SHOW_MOBILE.withArea || areaId !== undefined) {
        if (areaId === undefined) throw new AppError('INCOMPLETE', { field: 'area_id' });
        area = (await settings.findArea(areaId)) ?? null;
        if (!area) throw new AppError('INVALID_AREA');
      }
      // Residents of these areas are not served (SPEC.md §1): no codes, no accounts.
      if (area && isUnservedArea(area)) throw new AppError('AREA_NOT_SERVED');
      const mobile = normalizeMobile(account, area);
      const key = mobileKey(area?.id ?? null, mobile);
      return {
        channel: 'sms',
        destination: destinationKey('sms', key),
        email: null,
        mobile,
        area,
        mobileKey: key,
      };
    },

    async owner(contact: ResolvedContact): Promise<UserRecord | undefined> {
      if (contact.email) return users.findByEmail(contact.email);
      return contact.mobileKey ? users.findByMobileKey(contact.mobileKey) : undefined;
    },

    /** Finds the account a login names: an e-mail, or a mobile number with or without its calling code. */
    async findForLogin(
      account: string,
      areaId: number | undefined,
    ): Promise<UserRecord | undefined> {
      const typed = account.trim();
      if (typed.includes('@')) return users.findByEmail(typed.toLowerCase());
      if (areaId !== undefined) {
        const area = await settings.findArea(areaId);
        if (!area) return undefined;
        try {
          return await users.findByMobileKey(mobileKey(area.id, normalizeMobile(typed, area)));
        } catch {
          return undefined;
        }
      }
      const digits = typed.replace(/[\s()+-]/g, '');
      const candidates = await users.findByMobile(digits);
      if (candidates.length === 1) return candidates[0];
      // Typed with its calling code: try each area whose code prefixes the number.
      for (const area of await settings.areaList()) {
        if (!digits.startsWith(area.global_code)) continue;
        const national = digits.slice(area.global_code.length);
        const user = await users.findByMobileKey(mobileKey(area.id, national));
        if (user) return user;
      }
      return undefined;
    },
  };
}

export type ContactResolver = ReturnType<typeof createContactResolver>;
