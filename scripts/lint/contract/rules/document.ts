// faithful/document: one server, `{base_url}`, defaulting to the local mock on 127.0.0.1; OpenAPI
// 3.1 (3.0.3 in the 3.0 variant); a semver `info.version`, this description's own version.
import { pointer } from '../../../openapi-document.ts';
import { factsRule, reportBelow } from '../visit.ts';

export const Document = factsRule((facts, ctx, options) => {
  const { root } = facts;
  const here = { node: root, location: facts.rootLocation };
  const urls = (Array.isArray(root.servers) ? root.servers : []).map((server) => server?.url);
  if (urls.join('\n') !== '{base_url}')
    reportBelow(ctx, here, ['servers'], `one server, {base_url}: expected ["{base_url}"], found ${JSON.stringify(urls)}`, pointer('servers'));
  else if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(String(root.servers?.[0]?.variables?.base_url?.default)))
    reportBelow(
      ctx,
      here,
      ['servers', 0, 'variables', 'base_url', 'default'],
      '{base_url} defaults to the local mock on 127.0.0.1',
      pointer('servers', 0, 'variables', 'base_url', 'default'),
    );
  const openapi = options.variant === '3.0' ? /^3\.0\.3$/ : /^3\.1\.\d+$/;
  if (!openapi.test(String(root.openapi))) reportBelow(ctx, here, ['openapi'], options.variant === '3.0' ? 'OpenAPI 3.0.3' : 'OpenAPI 3.1', pointer('openapi'));
  if (!/^\d+\.\d+\.\d+$/.test(String(root.info?.version))) reportBelow(ctx, here, ['info', 'version'], 'info.version is semver', pointer('info', 'version'));
});
