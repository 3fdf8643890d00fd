// faithful/prose-number: a number in prose is one the interface document states (../prose.ts).
import { proseRule } from './closed-prose.ts';

export const ProseNumber = proseRule('faithful/prose-number');
