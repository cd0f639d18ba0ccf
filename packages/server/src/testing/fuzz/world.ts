// What the walk carries from one request to the next, and what one case refers to.
import type { TestApp } from '../test-app.ts';
import type { Snapshot } from './state-snapshot.ts';

/** The running app, the users and orders the walk refers to, and the last state seen. */
export interface World {
  t: TestApp;
  eurusd: number;
  areaId: number;
  demo: { userId: number; device: string; token: string };
  real: { email: string; token: string };
  closedId: number;
  foreignId: number;
  /** Seeded funding channels and a bound method of the real user. */
  funding: {
    networkId: number;
    networkAddress: string;
    wireId: number;
    drawCurrencyId: number;
    drawMethodId: number;
  };
  /** Counts fixture calls and cases: fresh addresses, emails and mobiles come from it. */
  seq: number;
  before: Snapshot;
  /** A fixture call changed the state since `before` was taken. */
  stale: boolean;
}

/** The ids and codes made for one case before it is sent. */
export interface CaseContext {
  seq: number;
  holding?: number;
  pending?: number;
  regEmail?: string;
  regCode?: string;
  /** Fresh uploads of the real user, for the identity form. */
  frontPic?: string;
  reversePic?: string;
}
