import { z } from 'zod';
import { COMPANY_FIELD_MAX, companySchema } from '../http/company.ts';
import {
  choiceField,
  flagField,
  idField,
  optionalId,
  pageField,
  requiredText,
} from '../http/fields.ts';

/**
 * The back office's side of company mode: the companies traders may pick as their provider,
 * and the start-up check's switches (site on/off, main mode, the loss URL).
 */

/** Trimmed text; absent or null is empty. */
const trimmed = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v;

/**
 * Empty, or an absolute URL of the given protocols: an operator's typo must not become a link
 * traders follow, and logos load inside our https page (no mixed content), so they are https.
 */
const webUrlOrEmpty = (protocol: RegExp) =>
  z.preprocess(trimmed, z.union([z.literal(''), z.url({ protocol }).max(COMPANY_FIELD_MAX.url)]));

const textOrEmpty = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

export const adminCompanySchema = companySchema.extend({
  /** Hidden from traders' search while false. */
  enabled: z.boolean(),
  updated_at: z.number().int(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
export const adminCompaniesRequestSchema = z.object({ page: pageField() });
export const adminCompaniesSchema = z.object({
  data: z.array(adminCompanySchema),
  total: z.number().int(),
});

export const saveCompanyRequestSchema = z.object({
  /** Absent: a new company. */
  id: optionalId(),
  name: requiredText(COMPANY_FIELD_MAX.name),
  logo: webUrlOrEmpty(/^https$/),
  url: webUrlOrEmpty(/^https$/),
  subject: textOrEmpty(COMPANY_FIELD_MAX.subject),
  registered_address: textOrEmpty(COMPANY_FIELD_MAX.address),
  location: textOrEmpty(COMPANY_FIELD_MAX.address),
  email: z.preprocess(
    trimmed,
    z.union([z.literal(''), z.email().max(COMPANY_FIELD_MAX.email).toLowerCase()]),
  ),
  enabled: flagField(),
});
export const companyIdRequestSchema = z.object({ id: idField() });

/** What the start-up check answers, as operators set it. */
export const companySettingsSchema = z.object({
  /** 1 the site is on, 0 off (visitors go to loss_url). */
  company_status: z.number().int(),
  /** 0 main (company) mode, 1 normal. */
  company_type: z.number().int(),
  loss_url: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export const companySettingsRequestSchema = z.object({
  company_status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([0, 1]).optional(),
  ),
  company_type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([0, 1]).optional(),
  ),
  /** An http(s) URL, or empty for none. */
  loss_url: z.preprocess(
    (v) => (v === null || v === undefined ? undefined : trimmed(v)),
    z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(COMPANY_FIELD_MAX.url)]).optional(),
  ),
});
