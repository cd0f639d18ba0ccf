import type { Plugin } from 'vite';

/**
 * Fails the build when a package that must stay out of the browser bundle gets in. The
 * contract's schemas need zod (and libphonenumber-js); the back office imports only its
 * types, its route table and its constants, and tree-shaking must keep it that way.
 */
export function forbidModules(packages: readonly string[]): Plugin {
  const pattern = new RegExp(`/node_modules/(${packages.join('|')})/`);
  return {
    name: 'tradedesk:forbid-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const found = Object.keys(chunk.modules).find((id) => pattern.test(id));
        if (found)
          this.error(`${found} is in ${chunk.fileName}: import types only from the contract`);
      }
    },
  };
}
