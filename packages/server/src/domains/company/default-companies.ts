import type { Kysely } from 'kysely';
import { type CompanyFields, createCompaniesRepository, toRow } from './companies.repository.ts';
import type { CompanyTables } from './tables.ts';

/**
 * Sample providers of a fresh installation, so that company mode shows something when an
 * operator first turns it on. The names are fictional and marked as samples; an operator
 * replaces or unpublishes them in the back office. No logos: the client draws initials.
 */
export const DEFAULT_COMPANIES: readonly CompanyFields[] = [
  {
    name: 'Harbourline Markets (sample)',
    logo: '',
    url: 'https://harbourline.example',
    subject: 'Harbourline Financial Holdings Ltd',
    registered_address: '18 Queensway, Central, Hong Kong',
    location: 'Level 21, 8 Finance Street, Central, Hong Kong',
    email: 'service@harbourline.example',
    enabled: true,
  },
  {
    name: 'Northgate Capital (sample)',
    logo: '',
    url: 'https://northgate-capital.example',
    subject: 'Northgate Capital Partners LLP',
    registered_address: '40 Bank Lane, London EC2V 6AA, United Kingdom',
    location: '12 Canary Square, London E14 5AB, United Kingdom',
    email: 'clients@northgate-capital.example',
    enabled: true,
  },
  {
    name: 'Meridian Pacific Trading (sample)',
    logo: '',
    url: 'https://meridian-pacific.example',
    subject: 'Meridian Pacific Group Pte Ltd',
    registered_address: '1 Raffles Place, #30-01, Singapore 048616',
    location: '9 Marina Boulevard, #12-03, Singapore 018989',
    email: 'support@meridian-pacific.example',
    enabled: true,
  },
  {
    name: 'Alderbrook FX (sample)',
    logo: '',
    url: 'https://alderbrook-fx.example',
    subject: 'Alderbrook Brokerage (Cyprus) Ltd',
    registered_address: '25 Makariou Avenue, 3030 Limassol, Cyprus',
    location: '7 Spyrou Kyprianou Avenue, 4001 Limassol, Cyprus',
    email: 'desk@alderbrook-fx.example',
    enabled: true,
  },
];

/**
 * Adds the sample companies to an installation that has none. Nodes starting together may
 * both see none: the unique name makes the second insert of each row do nothing. Their
 * updated_at is 0, like the default funding channels': no operator has touched them.
 */
export async function seedDefaultCompanies(db: Kysely<CompanyTables>): Promise<void> {
  if (await createCompaniesRepository(db).any()) return;
  await db
    .insertInto('companies')
    .values(DEFAULT_COMPANIES.map((company) => toRow(company, 0)))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
}
