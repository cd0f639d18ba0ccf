import type { AlertsTables } from './domains/alerts/tables.ts';
import type { CompanyTables } from './domains/company/tables.ts';
import type { ComplaintsTables } from './domains/complaints/tables.ts';
import type { ContentTables } from './domains/content/tables.ts';
import type { CopyingTables } from './domains/copying/tables.ts';
import type { FundingTables } from './domains/funding/tables.ts';
import type { IdentityTables } from './domains/identity/tables.ts';
import type { MarketTables } from './domains/market/tables.ts';
import type { NotificationsTables } from './domains/notifications/tables.ts';
import type { RankingTables } from './domains/ranking/tables.ts';
import type { AreasTables } from './domains/settings/tables.ts';
import type { SupportTables } from './domains/support/tables.ts';
import type { TradingTables } from './domains/trading/tables.ts';
import type { UploadsTables } from './domains/uploads/tables.ts';
import type { UsersTables } from './domains/users/tables.ts';
import type { ClusterTables } from './platform/cluster/tables.ts';
import type { CoreTables } from './platform/core/tables.ts';
import type { SettingsTables } from './platform/db/tables.ts';
import type { NoticeTables } from './platform/notify/tables.ts';
import type { OperatorsTables } from './platform/operators/tables.ts';

/**
 * The whole database, composed from what each module owns (issue 38). Only the composition
 * root (app, main, the admin CLI, migrations' tests and testing/) sees it whole; a module
 * types its queries with its own tables, so the compiler refuses a query on another's.
 */
export interface Database
  extends UsersTables,
    SettingsTables,
    AreasTables,
    MarketTables,
    CoreTables,
    TradingTables,
    NoticeTables,
    OperatorsTables,
    UploadsTables,
    IdentityTables,
    FundingTables,
    CompanyTables,
    SupportTables,
    ContentTables,
    ComplaintsTables,
    RankingTables,
    ClusterTables,
    CopyingTables,
    AlertsTables,
    NotificationsTables {}

declare module './platform/db/database.ts' {
  /** The store's database is the whole one: every module's tables. */
  interface StoreTables extends Database {}
}
