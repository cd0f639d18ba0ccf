import type { Company, CompanyStatus } from '@tradedesk/contract';
import type { AdminCompany, CompanySettings } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { SettingsService } from '../settings/index.ts';
import { type CompanyFields, companiesRepository as repo } from './companies.repository.ts';

/** Where the start-up check's switches live in the settings table. */
const SETTING_KEYS = ['company_status', 'company_type', 'loss_url'] as const;
/** A fresh installation: the site on, normal (instrument) mode, no loss URL. */
const DEFAULTS: CompanySettings = { company_status: 1, company_type: 1, loss_url: '' };

/**
 * Company mode and the start-up check. Nothing is cached: several nodes serve the same
 * database, and an operator's change must reach every visitor's next start.
 */
export function createCompanyService(deps: {
  db: Kysely<Database>;
  settings: SettingsService;
  /** After a change committed: every node's cached settings are read again. */
  onSettingsChanged: () => Promise<void>;
  now: () => number;
}) {
  const { db, now } = deps;

  async function readSettings(): Promise<CompanySettings> {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', SETTING_KEYS)
      .execute();
    const value = new Map(rows.map((r) => [r.key, r.value]));
    const choice = (key: string, fallback: number) => {
      const n = Number(value.get(key));
      return n === 0 || n === 1 ? n : fallback;
    };
    return {
      company_status: choice('company_status', DEFAULTS.company_status),
      company_type: choice('company_type', DEFAULTS.company_type),
      loss_url: value.get('loss_url') ?? DEFAULTS.loss_url,
    };
  }

  /** Writes a company, refusing a name another company has (in any case). */
  async function save(
    actor: AuditActor,
    id: number | undefined,
    fields: CompanyFields,
  ): Promise<AdminCompany> {
    try {
      const savedId = await db.transaction().execute(async (trx) => {
        const before = id === undefined ? undefined : await repo.find(trx, id);
        if (id !== undefined && !before) throw new AppError('COMPANY_NOT_FOUND');
        const target = id ?? (await repo.insert(trx, fields, now()));
        if (id !== undefined) await repo.update(trx, id, fields, now());
        const after = await repo.find(trx, target);
        await appendAudit(
          trx,
          actor,
          {
            action: id === undefined ? 'company.create' : 'company.update',
            targetType: 'company',
            targetId: target,
            before,
            after,
          },
          now(),
        );
        return target;
      });
      return (await repo.find(db, savedId)) as AdminCompany;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('COMPANY_NAME_TAKEN');
      throw error;
    }
  }

  return {
    async status(): Promise<CompanyStatus> {
      const s = await readSettings();
      return { status: s.company_status, type: s.company_type, url: s.loss_url };
    },
    search: (name: string): Promise<Company[]> => repo.search(db, name),
    list: (page: number) => repo.page(db, page),
    save,
    async remove(actor: AuditActor, id: number): Promise<null> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.find(trx, id);
        if (!before) throw new AppError('COMPANY_NOT_FOUND');
        await repo.remove(trx, id);
        await appendAudit(
          trx,
          actor,
          { action: 'company.delete', targetType: 'company', targetId: id, before },
          now(),
        );
      });
      return null;
    },
    settings: readSettings,
    /** Changes only what is sent; the site may be switched off only towards a loss URL. */
    async updateSettings(
      actor: AuditActor,
      change: Partial<CompanySettings>,
    ): Promise<CompanySettings> {
      const before = await readSettings();
      const after: CompanySettings = {
        company_status: change.company_status ?? before.company_status,
        company_type: change.company_type ?? before.company_type,
        loss_url: change.loss_url ?? before.loss_url,
      };
      if (after.company_status === 0 && after.loss_url === '')
        throw new AppError('LOSS_URL_REQUIRED');
      const values: Record<string, string> = {};
      for (const key of SETTING_KEYS)
        if (change[key] !== undefined) values[key] = String(change[key]);
      // Nothing sent, nothing changed: no write and no audit row.
      if (Object.keys(values).length === 0) return before;
      await db.transaction().execute(async (trx) => {
        await deps.settings.write(values, trx);
        await appendAudit(
          trx,
          actor,
          {
            action: 'company.settings',
            targetType: 'settings',
            targetId: 'company',
            before,
            after,
          },
          now(),
        );
      });
      await deps.onSettingsChanged();
      return readSettings();
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
