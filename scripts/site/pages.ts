// The site's pages and index: the root page (every version with its date and changelog section),
// each version's own page (its SDKs and its files with their checksums), the version switcher put into every
// docs page, and versions.json. Pure functions of the versions: the same history, the same bytes.
import { changelogHtml, forHtml, page } from './html.ts';
import { currentName, type SiteVersion } from './releases.ts';
import { type VersionSdks, wheelName } from './version-sdks.ts';
import { clientPackage } from '../pipeline/code-samples.ts';
import { pythonVersion } from '../languages/python/python-package.ts';

/** The folder of the newest release, a copy of it. */
export const latestName = 'latest';

/** A folder of the site: a version's, or `latest` standing for the newest release. */
export interface SiteFolder {
  name: string;
  version: SiteVersion;
}

/** The folders in the order the switcher and the root page list them: latest, each release, next. */
export function siteFolders(versions: SiteVersion[]): SiteFolder[] {
  const releases = versions.filter((version) => version.section);
  const latest: SiteFolder[] = releases.length > 0 ? [{ name: latestName, version: releases[0] }] : [];
  return [...latest, ...versions.map((version) => ({ name: version.name, version }))];
}

/** How a folder is named to a reader. */
function folderLabel(folder: SiteFolder): string {
  if (folder.name === latestName) return `latest (${folder.version.name})`;
  if (folder.version.section) return `${folder.name} (${folder.version.section.date})`;
  const commit = folder.version.commit.slice(0, 7);
  return folder.version.releaseOfCommit
    ? `${currentName} (commit ${commit}, released as ${folder.version.releaseOfCommit})`
    : `${currentName} (commit ${commit}, not released)`;
}

/**
 * The version switcher: a list of links (no script: the docs page's policy runs only its own
 * scripts), in a bar above the page that scrolls away with it (fixed, it covered Redoc's response
 * tabs). `toRoot` leads from the page to the site's root.
 */
export function switcher(current: SiteFolder, folders: SiteFolder[], toRoot: string, target: 'docs/index.html' | 'index.html'): string {
  const items = folders.map((folder) => {
    const currentMark = folder.name === current.name ? ' aria-current="page" style="font-weight:bold"' : '';
    return `<li><a href="${toRoot}${forHtml(folder.name)}/${target}"${currentMark}>${forHtml(folderLabel(folder))}</a></li>`;
  });
  items.push(`<li><a href="${toRoot}index.html">All versions</a></li>`);
  return `<nav aria-label="Versions" style="display:flex;justify-content:flex-end;padding:6px 12px;background:#f4f7f7;border-bottom:1px solid #c9d6d6;font:14px/1.4 system-ui,sans-serif">
<details id="version-switcher" style="background:#fff;border:1px solid #1d5c63;border-radius:4px;padding:4px 10px">
<summary style="cursor:pointer;color:#1d5c63">Version: ${forHtml(folderLabel(current))}</summary>
<ul style="list-style:none;margin:6px 0 2px;padding:0">${items.join('')}</ul>
</details>
</nav>`;
}

/** The docs page of `current` with the switcher at the top of its body. */
export function withSwitcher(docsHtml: string, current: SiteFolder, folders: SiteFolder[]): string {
  const at = docsHtml.indexOf('<body>');
  if (at < 0) throw new Error('internal: the docs page has no <body>');
  const end = at + '<body>'.length;
  return `${docsHtml.slice(0, end)}\n${switcher(current, folders, '../../', 'docs/index.html')}${docsHtml.slice(end)}`;
}

/** versions.json: the latest release, then every folder with its version, date and commit. */
export function versionsJson(folders: SiteFolder[]): string {
  const latest = folders.find((folder) => folder.name === latestName)?.version.name ?? null;
  const versions = folders.map((folder) => ({
    folder: `${folder.name}/`,
    version: folder.version.name,
    date: folder.version.section?.date ?? null,
    commit: folder.version.commit,
    docs: `${folder.name}/docs/index.html`,
  }));
  return `${JSON.stringify({ latest, versions }, null, 2)}\n`;
}

/** The root page: a table of the folders, then each release's changelog section. */
export function rootPage(folders: SiteFolder[]): string {
  const rows = folders.map((folder) => {
    const { version } = folder;
    const changes = version.section ? `<a href="#v${forHtml(version.name)}">changes</a>` : 'unreleased';
    const name = folder.name === latestName || !version.section ? folderLabel(folder) : version.name;
    return `<tr><td><a href="${forHtml(folder.name)}/index.html">${forHtml(name)}</a></td><td>${forHtml(version.section?.date ?? '')}</td><td><a href="${forHtml(folder.name)}/docs/index.html">docs</a></td><td><a href="${forHtml(folder.name)}/openapi.json">openapi.json</a>, <a href="${forHtml(folder.name)}/SHA256SUMS">SHA256SUMS</a></td><td>${changes}</td></tr>`;
  });
  const sections = folders
    .filter((folder) => folder.name !== latestName && folder.version.section)
    .map(
      ({ version }) =>
        `<section id="v${forHtml(version.name)}">\n<h2>${forHtml(version.name)} <small>${forHtml(version.section!.date)}</small></h2>\n${changelogHtml(version.section!.text)}\n</section>`,
    );
  const body = `<h1>Email Delivery Service API: every version</h1>
<p>The description of each release, and of the current commit (<code>${currentName}</code>): the HTML docs, the Markdown reference, <code>llms.txt</code>, the bundle (JSON, YAML), its OpenAPI 3.0 and dereferenced variants, and their <code>SHA256SUMS</code>. <a href="versions.json">versions.json</a> lists them for tools.</p>
<table>
<thead><tr><th>Version</th><th>Date</th><th>Docs</th><th>Files</th><th>Changelog</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${sections.join('\n')}`;
  return page('Email Delivery Service API: versions', body);
}

/** The SDKs of a version, each with the line that installs it: a release's by its version; the current commit's from a clone. */
function sdkRows(current: SiteFolder, sdks: VersionSdks): string[] {
  const version = current.version.name;
  const released = current.version.section !== undefined;
  const row = (language: string, install: string) => `<tr><td>${language}</td><td>${install}</td></tr>`;
  const code = (text: string) => `<code>${forHtml(text)}</code>`;
  if (!released) {
    const fromClone = "not released: build it from a clone of this commit (the repository's docs/sdks.md)";
    return [row('TypeScript', fromClone), ...(sdks.python ? [row('Python', fromClone)] : []), ...(sdks.goModule ? [row('Go', fromClone)] : [])];
  }
  return [
    row('TypeScript', code(`npm install --save-exact ${clientPackage}@${version}`)),
    ...(sdks.python
      ? [
          row(
            'Python',
            `${code(`pip install ${wheelName(pythonVersion(version))}`)}, the wheel the release attaches (its sdist too), checked with its SHA256SUMS`,
          ),
        ]
      : []),
    ...(sdks.goModule ? [row('Go', goInstall(sdks.goModule, version, code))] : []),
  ];
}

/**
 * How a Go program uses the module `module` of release `version`: `go get` at the tag the release
 * made; the placeholder path (no repository named: its first element has no dot, which `go get`
 * refuses) from a clone at the release's tag, through a replace.
 */
function goInstall(module: string, version: string, code: (text: string) => string): string {
  if (module.split('/')[0].includes('.')) return `${code(`go get ${module}@v${version}`)} (the release tags the module's folder)`;
  return `${code(`go mod edit -require ${module}@v0.0.0 -replace ${module}=<clone>/generated/sdk/go`)}, with a clone at the tag v${version} (the module path names no repository yet, so go get cannot fetch it)`;
}

/** A version's own page: its docs, its Markdown reference and llms.txt, its SDKs, its files with their checksums. */
export function versionPage(current: SiteFolder, folders: SiteFolder[], sums: string, sdks: VersionSdks = { python: false }): string {
  const files = sums
    .trim()
    .split('\n')
    .map((line) => line.split('  '))
    .map(([hash, file]) => `<tr><td><a href="${forHtml(file)}">${forHtml(file)}</a></td><td><code>${forHtml(hash)}</code></td></tr>`);
  const body = `${switcher(current, folders, '../', 'index.html')}
<h1>Email Delivery Service API ${forHtml(folderLabel(current))}</h1>
<ul>
<li><a href="docs/index.html">HTML docs</a></li>
<li><a href="reference/README.md">Markdown reference</a> (<a href="llms.txt">llms.txt</a>, <a href="llms-full.txt">llms-full.txt</a>)</li>
</ul>
<h2>SDKs</h2>
<table><thead><tr><th>Language</th><th>Install</th></tr></thead><tbody>
${sdkRows(current, sdks).join('\n')}
</tbody></table>
<h2>Description files</h2>
<table><thead><tr><th>File</th><th>SHA-256</th></tr></thead><tbody>
${files.join('\n')}
</tbody></table>
<p>Check them with <code>sha256sum -c SHA256SUMS</code> in the folder you downloaded them to (<a href="SHA256SUMS">SHA256SUMS</a>).</p>
<p><a href="../index.html">All versions</a></p>`;
  return page(`Email Delivery Service API ${folderLabel(current)}`, body);
}
