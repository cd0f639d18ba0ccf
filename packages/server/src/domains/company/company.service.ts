import type { Company, CompanyStatus } from '@tradedesk/contract';
import type { AdminCompany, CompanySettings } from '@tradedesk/contract/admin';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { SettingsService } from '../settings/index.ts';
import {
  type CompaniesRepository,
  type CompanyFields,
  createCompaniesRepository,
} from './companies.repository.ts';
import { COMPANY_MODES, SITE_STATUSES } from './company-states.ts';

/** Where the start-up check's switches live in the settings table. */
const SETTING_KEYS = ['company_status', 'company_type', 'loss_url'] as const;
/** A fresh installation: the site on, normal (instrument) mode, no loss URL. */
const DEFAULTS: CompanySettings = {
  company_status: SITE_STATUSES.on,
  company_type: COMPANY_MODES.normal,
  loss_url: '',
};

/** A stored switch, if it is one of its two values; otherwise its default. */
function switchOf(stored: string | undefined, values: Record<string, number>, fallback: number) {
  const n = Number(stored);
  return Object.values(values).includes(n) ? n : fallback;
}

/**
 * Company mode and the start-up check. Nothing is cached: several nodes serve the same
 * database, and an operator's change must reach every visitor's next start.
 */
export function createCompanyService(deps: {
  /** On the module's root database: what reads outside a change. */
  companies: CompaniesRepository;
  /** A change and its audit row in one transaction. */
  transact: Transact;
  settings: SettingsService;
  /** After a change committed: every node's cached settings are read again. */
  onSettingsChanged: () => Promise<void>;
  now: () => number;
}) {
  const { companies, transact, now } = deps;

  async function readSettings(): Promise<CompanySettings> {
    const value = await deps.settings.read(SETTING_KEYS);
    return {
      company_status: switchOf(value.get('company_status'), SITE_STATUSES, DEFAULTS.company_status),
      company_type: switchOf(value.get('company_type'), COMPANY_MODES, DEFAULTS.company_type),
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
      const savedId = await transact(async (scope) => {
        const repo = scope.repository(createCompaniesRepository);
        const before = id === undefined ? undefined : await repo.find(id);
        if (id !== undefined && !before) throw new AppError('COMPANY_NOT_FOUND');
        const target = id ?? (await repo.insert(fields, now()));
        if (id !== undefined) await repo.update(id, fields, now());
        const after = await repo.find(target);
        await scope.repository(createAuditLog).append(
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
      return (await companies.find(savedId)) as AdminCompany;
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
    search: (name: string): Promise<Company[]> => companies.search(name),
    list: (page: number) => companies.page(page),
    save,
    async remove(actor: AuditActor, id: number): Promise<null> {
      await transact(async (scope) => {
        const repo = scope.repository(createCompaniesRepository);
        const before = await repo.find(id);
        if (!before) throw new AppError('COMPANY_NOT_FOUND');
        await repo.remove(id);
        await scope
          .repository(createAuditLog)
          .append(
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
      if (after.company_status === SITE_STATUSES.off && after.loss_url === '')
        throw new AppError('LOSS_URL_REQUIRED');
      const values: Record<string, string> = {};
      for (const key of SETTING_KEYS)
        if (change[key] !== undefined) values[key] = String(change[key]);
      // Nothing sent, nothing changed: no write and no audit row.
      if (Object.keys(values).length === 0) return before;
      await transact(async (scope) => {
        await deps.settings.write(values, scope);
        await scope.repository(createAuditLog).append(
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
