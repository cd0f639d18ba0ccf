import { z } from 'zod';
import { FIELD_MAX, requiredText } from './fields.ts';

export const areaSchema = z.object({
  id: z.number().int(),
  /** ISO 3166-1 alpha-2. */
  code: z.string().length(2),
  /** International calling code without "+". */
  global_code: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

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
  /**
   * Hours after it is added before a withdrawal address or bank account can be paid to (the
   * server's WITHDRAW_COOLING_HOURS): the binding form says how long.
   */
  withdraw_cooling_hours: z.number(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const settingRequestSchema = z.object({ key: requiredText(FIELD_MAX.settingKey) });
export const settingSchema = z.object({ key: z.string(), value: z.string() });
