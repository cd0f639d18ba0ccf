import type { Area, BasicInfo } from '@tradedesk/contract';
import { DEFAULT_LANGUAGE, PUBLIC_SETTING_KEYS, UNSERVED_AREA_CODES } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import { createSettingsStore, type SettingsStore } from '../../platform/db/settings-store.ts';
import type { TransactionScope } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AreasTables } from './tables.ts';

const isServed = (area: Area) => !(UNSERVED_AREA_CODES as readonly string[]).includes(area.code);

/** Settings and the area list. Areas never change at run time, so they are read once. */
export function createSettingsService(deps: {
  /** The areas, this domain's own table. */
  db: Kysely<AreasTables>;
  /** The operators' settings (platform/db's table) on the root database. */
  store: SettingsStore;
  demoStartBalance: string;
  /** WITHDRAW_COOLING_HOURS, told to traders binding a withdrawal method. */
  withdrawals: { coolingHours: number };
}) {
  const { db, store } = deps;
  let areas: Area[] | undefined;
  let servedAreas: Area[] | undefined;

  /**
   * Every seeded area, the unserved ones too: an id of theirs that is sent anyway is known,
   * so it is refused as not served (AREA_NOT_SERVED) rather than as an unknown area.
   */
  async function allAreas(): Promise<Area[]> {
    if (!areas) {
      const rows = await db
        .selectFrom('areas')
        .select(['id', 'code', 'global_code'])
        .orderBy('code')
        .execute();
      areas = rows.map((r) => ({ id: toInt(r.id), code: r.code, global_code: r.global_code }));
    }
    return areas;
  }

  async function number(key: string, fallback: number): Promise<number> {
    const value = Number(await store.value(key));
    return Number.isInteger(value) ? value : fallback;
  }

  return {
    /**
     * The areas a visitor may pick: not those whose residents are not served (SPEC.md §1's
     * announcement), which stay seeded for findArea to refuse by name.
     */
    async areaList(): Promise<Area[]> {
      servedAreas ??= (await allAreas()).filter(isServed);
      return servedAreas;
    },
    async findArea(id: number): Promise<Area | undefined> {
      return (await allAreas()).find((a) => a.id === id);
    },
    async publicSetting(key: string): Promise<{ key: string; value: string }> {
      if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(key))
        throw new AppError('SETTING_NOT_FOUND');
      const value = (await store.all()).get(key);
      if (value === undefined) throw new AppError('SETTING_NOT_FOUND');
      return { key, value };
    },
    showMobile: () => number('is_show_mobile', 1),
    verifyRegType: () => number('verify_reg_type', 1),
    /** The settings of these keys that are set, as stored (text). */
    read: (keys: readonly string[]): Promise<Map<string, string>> => store.some(keys),
    /** Writes settings in the caller's transaction (a key absent until now is added). */
    write: (values: Readonly<Record<string, string>>, scope: TransactionScope): Promise<void> =>
      scope.repository(createSettingsStore).write(values),
    async basicInfo(): Promise<BasicInfo> {
      const s = await store.all();
      const int = (key: string, fallback: number) => {
        const v = Number(s.get(key));
        return Number.isInteger(v) ? v : fallback;
      };
      return {
        app_name: s.get('app_name') ?? 'TradeDesk',
        service_link: s.get('service_link') ?? '',
        service_link_type: int('service_link_type', 1),
        verify_reg_type: int('verify_reg_type', 1),
        trade_fee_type: int('trade_fee_type', 2),
        is_show_mobile: int('is_show_mobile', 1),
        complaint_email: s.get('complaint_email') ?? '',
        default_lang: DEFAULT_LANGUAGE,
        demo_balance: deps.demoStartBalance,
        withdraw_cooling_hours: deps.withdrawals.coolingHours,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
