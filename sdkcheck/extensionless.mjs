// A module resolution hook for the SDK. Version 0.1.3 on npm is compiled ESM
// whose relative imports have no extension (`from './client/fakturoid-client'`):
// bundlers and Bun resolve them, Node does not (ERR_MODULE_NOT_FOUND). This
// hook retries such a specifier with ".js", and only inside the SDK's package,
// so the SDK runs unchanged as published.
const SDK = '/node_modules/@thinkhome-org/fakturoid-typescript-api/';

export async function resolve(specifier, context, next) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.includes(SDK) && !/\.[cm]?js$/.test(specifier)) {
    return next(`${specifier}.js`, context);
  }
  return next(specifier, context);
}
