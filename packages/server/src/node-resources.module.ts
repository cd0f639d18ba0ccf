import { createImageWorkQueue, type ImageWorkQueue } from './domains/uploads/index.ts';
import type { AppModule } from './platform/app/module.ts';
import { type Bus, createMemoryBus } from './platform/bus/bus.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/security/password-hasher.ts';

/** What one node shares between its modules and has one of, whatever the deployment. */
export interface NodeResources {
  /** The event bus: Redis's in scale-out, this process's otherwise, or one a test shares. */
  bus: Bus;
  hasher: PasswordHasher;
  /** The node's line of picture decoding (uploads and news covers take turns in it). */
  imageWork: ImageWorkQueue;
}

/**
 * The node's shared resources as a module, so that whoever needs one (a test counting hashes,
 * a bench publishing on the bus) asks the composition for it like for any other module.
 */
export const nodeResourcesModule: AppModule<
  {
    givenBus: Bus | undefined;
    clusterBus: Bus | undefined;
    passwordHashCost: number;
    onBusError: (error: unknown) => void;
  },
  NodeResources
> = {
  name: 'node-resources',
  register(_app, deps) {
    return {
      api: {
        bus: deps.givenBus ?? deps.clusterBus ?? createMemoryBus(deps.onBusError),
        hasher: createPasswordHasher({ cost: deps.passwordHashCost }),
        // Beside the hasher on purpose: both need libuv's thread pool, and the line keeps
        // pictures to one of its threads, so that they never hold the ones a login's scrypt
        // waits for.
        imageWork: createImageWorkQueue(),
      },
    };
  },
};
