import { z } from 'zod';
import { requiredText } from './fields.ts';

export const areaSchema = z.object({
  id: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  code: z.string().length(2),
  /** International calling code without "+". */
  global_code: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

/** Areas whose residents are not served (SPEC.md §1 announcement). */
export const UNSERVED_AREA_CODES = ['KP', 'IL', 'CN', 'VU', 'CU'] as const;

/** is_show_mobile: 0 no mobile registration, 1 area prefix plus number, 3 number only. */
export const SHOW_MOBILE = { off: 0, withArea: 1, numberOnly: 3 } as const;
/** verify_reg_type: 1 code by e-mail/SMS, 2 captcha image. */
export const VERIFY_REG_TYPE = { code: 1, captcha: 2 } as const;
/** service_link_type: 2 dialog and copy, 3 open externally, otherwise in-app chat. */
export const SERVICE_LINK_TYPE = { chat: 1, dialog: 2, external: 3 } as const;
/** trade_fee_type: 1 lots × fee rate, otherwise margin × fee rate (SPEC.md §9). */
export const TRADE_FEE_TYPE = { perLot: 1, marginRate: 2 } as const;

export const basicInfoSchema = z.object({
  app_name: z.string(),
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  is_show_mobile: z.number().int(),
  complaint_email: z.string(),
  default_lang: z.string(),
  demo_balance: z.string(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const settingRequestSchema = z.object({ key: requiredText() });
/** Settings a visitor may read one by one through /api/default/setting. */
export const PUBLIC_SETTING_KEYS = [
  'is_show_mobile',
  'verify_reg_type',
  'service_link_type',
] as const;
export const settingSchema = z.object({ key: z.string(), value: z.string() });
