import { verify } from 'otplib';

/** Codes of the step before and after the current one pass too: phone clocks drift. */
const OTP_TOLERANCE_SECONDS = 30;
/** RFC 6238's default period, which every authenticator app uses. */
const OTP_PERIOD_SECONDS = 30;

/** The accepted time step of `otp` on `secret` at `nowMs`, or undefined (TOTP through otplib). */
export async function otpStep(
  secret: string,
  otp: string,
  nowMs: number,
): Promise<number | undefined> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({ secret, token: otp, epoch, epochTolerance: OTP_TOLERANCE_SECONDS });
  return result.valid ? Math.floor(epoch / OTP_PERIOD_SECONDS) + result.delta : undefined;
}
