import type { OtpSetup } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../rate-limit/rules.ts';
import { type AuditActor, appendAudit } from './audit-log.ts';
import { retryAfter } from './operator-login.ts';
import type { ConfirmPassword } from './operator-password.ts';
import { createOperatorSessions } from './operator-sessions.ts';
import {
  createOperatorsRepository,
  type OperatorRecord,
  type OperatorsRepository,
} from './operators.repository.ts';
import type { OperatorsTables } from './tables.ts';
import { otpStep } from './totp.ts';

const OTP_ISSUER = 'TradeDesk back office';

/**
 * An operator's own two-factor (TOTP, RFC 6238): enrolled with the password and a code from
 * the app, turned off with a code. Either change ends the operator's other sessions and is
 * audited with it, in one transaction: with a stolen password alone, enrolling one's own phone
 * is the attack to see.
 */
export function createOperatorTwoFactor(deps: {
  db: Kysely<OperatorsTables>;
  operators: OperatorsRepository;
  limiter: RateLimiter;
  confirmPassword: ConfirmPassword;
  now: () => number;
}) {
  const { limiter, now } = deps;

  /** The change's own writes, its other sessions ended and its audit row, in one transaction. */
  function audited(
    operator: OperatorRecord,
    keptToken: string,
    actor: AuditActor,
    change: { enabled: boolean; write: (trx: Kysely<OperatorsTables>) => Promise<void> },
  ): Promise<void> {
    return deps.db.transaction().execute(async (trx) => {
      await change.write(trx);
      await createOperatorSessions(trx).revokeOthers(operator.id, keptToken, now());
      await appendAudit(
        trx,
        actor,
        {
          action: change.enabled ? 'operator.otp_enable' : 'operator.otp_disable',
          targetType: 'operator',
          targetId: operator.id,
          before: { otp_enabled: !change.enabled },
          after: { otp_enabled: change.enabled },
        },
        now(),
      );
    });
  }

  return {
    /**
     * A new secret to enrol, replacing any unfinished one; enrolled two-factor stays until
     * proven. Only with the current password: the pending secret, the one enabling can turn
     * on, exists only after a setup that checked it.
     */
    async otpSetup(operator: OperatorRecord, password: string): Promise<OtpSetup> {
      await deps.confirmPassword(operator, password);
      const secret = generateSecret();
      await deps.operators.setPendingSecret(operator.id, secret);
      const otpauthUrl = generateURI({ issuer: OTP_ISSUER, label: operator.email, secret });
      return {
        secret,
        otpauth_url: otpauthUrl,
        qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
      };
    },
    /** Turns two-factor on once a code from the enrolled app proves it has the secret. */
    async otpEnable(
      operator: OperatorRecord,
      otp: string,
      keptToken: string,
      actor: AuditActor,
    ): Promise<void> {
      const pending = operator.otpPendingSecret;
      const step = pending ? await otpStep(pending, otp, now()) : undefined;
      if (!pending || step === undefined) throw new AppError('ADMIN_OTP_INVALID');
      await audited(operator, keptToken, actor, {
        enabled: true,
        async write(trx) {
          const operators = createOperatorsRepository(trx);
          if (!(await operators.enableOtp(operator.id, pending)))
            throw new AppError('ADMIN_OTP_INVALID');
          await operators.claimOtpStep(operator.id, step);
        },
      });
    },
    /**
     * Turns the operator's own two-factor off with a current code (a session alone must not
     * drop the second factor). Wrong codes are limited: a stolen session must not be able to
     * try all million of them.
     */
    async otpDisable(
      operator: OperatorRecord,
      otp: string,
      keptToken: string,
      actor: AuditActor,
    ): Promise<void> {
      const wrongKey = `admin-otp-wrong:${operator.id}`;
      const verdict = await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination);
      if (!verdict.allowed) throw retryAfter(verdict.retryAfterMs);
      const step = operator.otpSecret ? await otpStep(operator.otpSecret, otp, now()) : undefined;
      await audited(operator, keptToken, actor, {
        enabled: false,
        async write(trx) {
          const operators = createOperatorsRepository(trx);
          // The code is used up, as at login: the same code cannot also open a session.
          if (step === undefined || !(await operators.claimOtpStep(operator.id, step)))
            throw new AppError('ADMIN_OTP_INVALID');
          await limiter.refund(wrongKey);
          if (!(await operators.clearOtp(operator.id))) throw new AppError('ADMIN_OTP_INVALID');
        },
      });
    },
  };
}
