import type { AppModule } from '../app/module.ts';
import { createGateway, type Gateway, type GatewayOptions } from './gateway.ts';

/**
 * The socket gateway over the topics the domains registered. Its sockets let go before the
 * HTTP server closes (`release`), since closing the server waits for every connection,
 * upgraded ones too.
 */
export const gatewayModule: AppModule<GatewayOptions, Gateway> = {
  name: 'gateway',
  register(app, options) {
    const gateway = createGateway(app, options);
    return { api: gateway, start: () => gateway.start(), release: () => gateway.stop() };
  },
};
