import { createTriggerBook, type TriggerBook } from '@tradedesk/engine';
import type { Bus } from '../../platform/bus/bus.ts';
import { LeaseLostError } from '../../platform/cluster/leases.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import { type QuotePort, type Tick, toPricePoints } from '../market/index.ts';
import { fireAlertCommand, rearmAlertCommand, rearmLevel } from './alert-firing.ts';
import type { AlertRecord } from './alert-record.ts';
import type { AlertsRepository } from './alerts.repository.ts';
import './alert-events.ts';

/**
 * The price alerts of the accounts this node follows, in a trigger book per instrument (the
 * engine's: a tick costs in proportion to what it fires, not to how many alerts wait). An
 * armed alert waits for its crossing; a cooling one for the price to move back by its
 * cooldown. Fed from the database at start and from commits on the bus; a tick that reaches
 * one runs a command on its account, which decides on the database — a firing is exactly
 * once whichever node tries it, across restarts and a partition's takeover.
 */
export function createAlertWatch(deps: {
  core: CommandCore;
  bus: Bus;
  alerts: Pick<AlertsRepository, 'watching'>;
  market: Pick<QuotePort, 'onUpdate' | 'instrument' | 'isOpen'>;
  ownership: EngineOwnership;
  onError: (error: unknown) => void;
}) {
  const { core, ownership } = deps;
  const books = new Map<number, TriggerBook>();
  const watched = new Map<number, AlertRecord>();
  const inFlight = new Set<Promise<unknown>>();

  function book(instrumentId: number): TriggerBook {
    let found = books.get(instrumentId);
    if (!found) {
      found = createTriggerBook();
      books.set(instrumentId, found);
    }
    return found;
  }

  function disarm(alert: Pick<AlertRecord, 'id' | 'instrumentId'>): void {
    books.get(alert.instrumentId)?.remove(`${alert.id}:fire`);
    books.get(alert.instrumentId)?.remove(`${alert.id}:rearm`);
    watched.delete(alert.id);
  }

  function arm(alert: AlertRecord): void {
    disarm(alert);
    if (!ownership.owns(alert.userId)) return;
    const above = alert.condition === 'above';
    if (alert.status === 'armed')
      book(alert.instrumentId).set({
        key: `${alert.id}:fire`,
        side: alert.side,
        direction: above ? 'at-or-above' : 'at-or-below',
        level: alert.price,
      });
    else if (alert.status === 'cooling')
      book(alert.instrumentId).set({
        key: `${alert.id}:rearm`,
        side: alert.side,
        direction: above ? 'at-or-below' : 'at-or-above',
        level: rearmLevel(alert),
      });
    else return;
    watched.set(alert.id, alert);
  }

  function onCommit(commit: AccountCommit): void {
    for (const event of commit.events) if (event.type === 'alert') arm(event.alert);
  }

  async function load(): Promise<void> {
    for (const alert of await deps.alerts.watching()) if (ownership.owns(alert.userId)) arm(alert);
    for (const alert of [...watched.values()]) if (!ownership.owns(alert.userId)) disarm(alert);
  }

  /** A command memory asked for; what it found wrong is read again from the database. */
  function run(alert: AlertRecord, command: ReturnType<typeof rearmAlertCommand>): void {
    const job = core
      .execute(alert.userId, command, { fence: ownership.fence(alert.userId) })
      .catch((error) => {
        if (error instanceof LeaseLostError) ownership.noteFenced();
        else if (!isAppError(error)) deps.onError(error);
        return load();
      })
      .catch(deps.onError);
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  function onTicks(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      // DECISIONS.md: outside its session an instrument's quotes fire nothing.
      if (!deps.market.isOpen(deps.market.instrument(tick.instrumentId))) continue;
      const triggers = books.get(tick.instrumentId);
      if (!triggers || triggers.size === 0) continue;
      const quote = { bid: toPricePoints(tick.bid), ask: toPricePoints(tick.ask) };
      for (const trigger of triggers.fire(quote.bid, quote.ask)) {
        const [id, kind] = trigger.key.split(':');
        const alert = watched.get(Number(id));
        if (!alert) continue;
        watched.delete(alert.id);
        run(
          alert,
          kind === 'fire'
            ? fireAlertCommand(alert.id, quote[alert.side])
            : rearmAlertCommand(alert.id),
        );
      }
    }
  }

  return {
    /** Loads what it follows, then watches commits and ticks; returns how to stop. */
    async start(): Promise<() => void> {
      const stopCommits = deps.bus.subscribe('account.committed', async (commit) =>
        onCommit(commit),
      );
      await load();
      const stopFollowing = ownership.onChange(() => load());
      const stopTicks = deps.market.onUpdate((update) => onTicks(update.ticks));
      return () => {
        stopTicks();
        stopFollowing();
        stopCommits();
      };
    },
    /** Resolves when every command started so far has ended. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** How many alerts wait on an instrument (tests, metrics). */
    watching: (instrumentId: number): number => books.get(instrumentId)?.size ?? 0,
  };
}

export type AlertWatch = ReturnType<typeof createAlertWatch>;
