// faithful/prose-code: a code span names something the description has, or a literal
// docs/faithfulness.md declares; prose holds no links and no HTML (../prose.ts).
import { proseRule } from './closed-prose.ts';

export const ProseCode = proseRule('faithful/prose-code');
