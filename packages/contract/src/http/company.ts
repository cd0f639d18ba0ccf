import { z } from 'zod';

/**
 * Company mode and the start-up check (SPEC.md §1, §2, §3 Company). The site may be switched
 * off (status 0: the browser goes to the loss URL) and, in main mode (type 0), /product
 * searches the companies an operator published instead of instruments.
 */

/** Most companies one search answers: the list is a picker, not a directory dump. */
export const COMPANY_SEARCH_LIMIT = 20;
export const COMPANY_FIELD_MAX = {
  name: 100,
  subject: 200,
  address: 300,
  email: 254,
  url: 500,
} as const;

/** The start-up check's answer: status 0 site off (go to url), type 0 main (company) mode. */
export const companyStatusSchema = z.object({
  status: z.number().int(),
  type: z.number().int(),
  /** The loss URL: where a switched-off site sends its visitors; empty when none is set. */
  url: z.string(),
});
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

export const companySearchRequestSchema = z.object({
  /** Part of the name, any case; empty lists the first companies by name. */
  name: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(COMPANY_FIELD_MAX.name),
  ),
});

/** A company as SPEC.md §3 names it; `subject` is the main company, `location` the office. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An https image URL, or empty (the client then draws the initials). */
  logo: z.string(),
  /** The website. */
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof companySchema>;
