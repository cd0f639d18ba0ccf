import type { CommandCore } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CopySteps } from '../trading/index.ts';
import { type CopiesRepository, createCopiesRepository } from './copies.repository.ts';
import { stopCopy } from './copy-stop.ts';

/**
 * A demo reset gives the trader a fresh start (issue 36): their copies stop first — positions
 * closed at market, the equity back in the balance — and only then does the reset set the
 * balance to the start amount. Without this a copy ran on and its later stop paid on top of
 * the fresh start (100 000 → 200 000). The reset's own command then refuses (COPY_STATE) if a
 * copy started in between, inside its transaction under the account lock, so no money outside
 * the account survives a reset.
 */
export function stopCopiesBeforeReset(deps: {
  core: CommandCore;
  steps: CopySteps;
  accountsService: AccountsService;
  /** On the module's root database. */
  copies: Pick<CopiesRepository, 'runningOfFollower'>;
}): void {
  deps.accountsService.beforeDemoReset(async (user) => {
    for (const copy of await deps.copies.runningOfFollower(user.id))
      await stopCopy(deps, copy, 'user');
  });
  deps.core.use({
    async windDown(ctx, reason) {
      if (reason !== 'demo-reset') return;
      const running = await ctx.repository(createCopiesRepository).runningOfFollower(ctx.accountId);
      if (running.length > 0) throw new AppError('COPY_STATE');
    },
  });
}
