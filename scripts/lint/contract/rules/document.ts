// faithful/document: one server, `{base_url}`, defaulting to the local mock on 127.0.0.1; OpenAPI
// 3.1 (3.0.3 in the 3.0 variant); a semver `info.version`, this description's own version.
import { pointer } from '../../../openapi-document.ts';
import { viewRule } from '../view.ts';

export const Document = viewRule((view) => {
  const root = view.document;
  const urls = (Array.isArray(root.servers) ? root.servers : []).map((server) => server?.url);
  if (urls.join('\n') !== '{base_url}') view.report(pointer('servers'), `one server, {base_url}: expected ["{base_url}"], found ${JSON.stringify(urls)}`);
  else if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(String(root.servers?.[0]?.variables?.base_url?.default)))
    view.report(pointer('servers', 0, 'variables', 'base_url', 'default'), '{base_url} defaults to the local mock on 127.0.0.1');
  const three = view.variant === '3.0';
  if (!(three ? /^3\.0\.3$/ : /^3\.1\.\d+$/).test(String(root.openapi))) view.report(pointer('openapi'), three ? 'OpenAPI 3.0.3' : 'OpenAPI 3.1');
  if (!/^\d+\.\d+\.\d+$/.test(String(root.info?.version))) view.report(pointer('info', 'version'), 'info.version is semver');
});
