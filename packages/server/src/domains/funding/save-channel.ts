import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { type ChannelsRepository, createChannelsRepository } from './channels.repository.ts';
import { auditOn } from './funding-audit.ts';
import type { FundingDeps } from './funding-deps.ts';
import { parseSetting } from './funding-units.ts';

/** A kind of channel the desk configures: how it is found, keyed, saved and shown. */
export interface ChannelKind<T extends { id: number }, Fields, View> {
  /** The audit's target type, and its actions' prefix (`network.create`, `network.update`). */
  target: string;
  /** The field a second channel under the same key is refused on. */
  keyField: string;
  find(channels: ChannelsRepository, id: number): Promise<T | undefined>;
  all(channels: ChannelsRepository): Promise<T[]>;
  sameKey(channel: T, fields: Fields): boolean;
  save(
    channels: ChannelsRepository,
    id: number | undefined,
    fields: Fields,
    at: number,
  ): Promise<T | undefined>;
  view(channel: T): View;
}

/** A price or rate that must be above 0. */
export function positive(text: string, decimals: number, field: string): bigint {
  const value = parseSetting(text, decimals, field);
  if (value <= 0n) throw new AppError('INVALID_SETTING', { field });
  return value;
}

export const upper = (code: string) => code.trim().toUpperCase();

/**
 * Creates a channel (no id) or changes one, in one transaction with its audit row (what it
 * was and became). An unknown id is NOT_FOUND; a second channel under the same key is refused
 * before the unique index would answer 500. Channels are switched off rather than deleted
 * (records keep naming them).
 */
export async function saveChannel<T extends { id: number }, Fields, View>(
  deps: Pick<FundingDeps, 'channels' | 'transact' | 'now'>,
  actor: AuditActor,
  kind: ChannelKind<T, Fields, View>,
  change: { id: number | undefined; fields: Fields },
): Promise<View> {
  const { id, fields } = change;
  const clash = (await kind.all(deps.channels)).find((channel) => kind.sameKey(channel, fields));
  if (id !== undefined && !(await kind.find(deps.channels, id))) throw new AppError('NOT_FOUND');
  if (clash && clash.id !== id) throw new AppError('INVALID_SETTING', { field: kind.keyField });
  return deps.transact(async (tx) => {
    const channels = tx.repository(createChannelsRepository);
    // Again in the transaction: the id checked above may be gone.
    const before = id === undefined ? undefined : await kind.find(channels, id);
    if (id !== undefined && !before) throw new AppError('NOT_FOUND');
    const at = deps.now();
    const after = await kind.save(channels, id, fields, at);
    if (!after) throw new AppError('NOT_FOUND');
    const entry = {
      action: `${kind.target}.${id === undefined ? 'create' : 'update'}`,
      targetType: kind.target,
      targetId: after.id,
      before: before && kind.view(before),
      after: kind.view(after),
    };
    await tx.repository(auditOn).append(actor, entry, at);
    return kind.view(after);
  });
}
