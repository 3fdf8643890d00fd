// The learned overlay as the file `--out` gets: an Overlay 1.0 document in YAML, its header saying
// that these are observed facts, not the interface document's, and how many exchanges they come
// from. The same actions give the same bytes: no date, no path of this machine, keys in the order
// they were built (overlay-actions.ts sorts every name), no YAML anchor. A name YAML 1.1 reads as a
// boolean or null (`on`, `yes`, `n`: readers that still speak 1.1 do) is quoted.
import { Document, visit } from 'yaml';
import { forTerminal } from '../escape.ts';

/** One action of the learned overlay (overlay-actions.ts makes them). */
export interface OverlayAction {
  target: string;
  description: string;
  update?: unknown;
  remove?: true;
  'x-observed': number;
}

export interface OverlayHeader {
  exchanges: number;
  matched: number;
  operations: number;
  /** The titles of the overlays this one goes after (given with --overlay), in order. */
  after: string[];
}

export const learnedTitle = 'Learned from recorded traffic';

/** The plain scalars YAML 1.1 reads as a boolean or null (YAML 1.2 as strings): a field named `on` stays a name for both. */
const yaml11Keyword = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$/;

/** The overlay's text. */
export function overlayText(actions: OverlayAction[], header: OverlayHeader): string {
  const comments = [
    "# Learned by `npm run learn` from recorded traffic: observed facts, not the interface document's.",
    `# ${header.exchanges} ${header.exchanges === 1 ? 'exchange' : 'exchanges'} read, ${header.matched} matched to ${header.operations} ${header.operations === 1 ? 'operation' : 'operations'}; each action's x-observed says how many showed it.`,
    '# Names and types only: no value from the traffic is written. Review it before you build with it (docs/learn.md).',
    // A title is the user's own text: one line, escaped, quoted.
    ...(header.after.length > 0 ? [`# Apply it after: ${header.after.map((title) => forTerminal(JSON.stringify(title))).join(', ')}.`] : []),
  ];
  const document = new Document({ overlay: '1.0.0', info: { title: learnedTitle, version: '1.0.0' }, actions }, { aliasDuplicateObjects: false });
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && yaml11Keyword.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return `${comments.join('\n')}\n${document.toString({ lineWidth: 0 })}`;
}
