// The name and version of the package a build with overlays makes: the name the user gives with
// --name (npm's rules, and not the description's own MCP command), and a version that says which
// description and which overlays. Apart from overlay-package.ts, which writes the package and imports
// the client generator, so that the description with overlays is made without loading it.
import { ReportedError } from '../project.ts';
import type { Overlay } from './read-overlay.ts';
import { mcpBinName, ownMcpBin } from '../mcp/mcp-bin-name.ts';

/** The name of the package when the user gives none. */
export const defaultPackageName = 'email-delivery-api-with-overlays';

/** Refuses a name npm would refuse (lowercase, URL-safe, at most 214 characters, an optional @scope/). */
export function checkPackageName(name: string): string {
  if (name.length > 214 || !/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(name))
    throw new ReportedError(
      `--name ${JSON.stringify(name)} is not an npm package name: use lowercase letters, digits, '-', '.', '_' or '~', optionally after @scope/ (e.g. acme-email-api or @acme/email-api)`,
    );
  if (mcpBinName(name) === ownMcpBin)
    throw new ReportedError(
      `--name ${JSON.stringify(name)} would name its MCP command ${ownMcpBin}, the description's own package's: choose another name (e.g. acme-email-api)`,
    );
  return name;
}

/** One identifier of semver build metadata: [0-9A-Za-z-], never empty. */
const identifier = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48) || 'overlay';

/**
 * The description's version, with the overlays and the digest of what they make as semver build
 * metadata, in order: the description 1.0.0 with "Acme auth" 2.1.0 is `1.0.0+acme-auth-2-1-0.<8 hex>`.
 * The digest changes whenever the overlaid description does, so an edited overlay built without a
 * new `info.version` still gets a version (and a `npm pack` file name) of its own.
 */
export function packageVersion(descriptionVersion: string, overlays: Overlay[], digest: string): string {
  return `${descriptionVersion}+${overlays.map((overlay) => `${identifier(overlay.title)}-${identifier(overlay.overlayVersion)}`).join('.')}.${digest}`;
}
