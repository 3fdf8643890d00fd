// Whether a clause says that what it speaks of is open: the judgment faithful/prose makes of each
// clause that uses the words of a silent part (prose.ts). It judges what the clause asserts, not
// its phrasing: a negation counts only when it negates a statement (specify, state, say, describe,
// mention ... or their adjectives: unspecified, undocumented, silent, open), and only the words in
// that negation's scope are said to be open:
// - the subject of a negated statement: "X is not given", "X remains unspecified", "X go unmentioned",
//   "X is outside (the scope of) the document";
// - the object of a negated stating verb: "the document does not say X", "is silent on X", "leaves X open",
//   "nothing here speaks to X"; and what a caller is told not to assume: "should not assume any particular X";
// - what a negative quantifier of a statement covers: "nothing is said about X", "there is no word
//   on X", "no X is declared", "neither X nor Y is described";
// - what follows "without stating": "without stating X";
// - a clause (or a question) answered by a bare verdict: "X: none stated", "X? Not shown.".
// A that-clause after a stating verb asserts what it says ("does not mention that X"). A negation
// that is not about stating asserts a fact ("not optional", "never stored"), and so do
// the negation-like idioms that assert more, not less: "not only ... but also", "nothing but",
// "no longer than", "unless". A statement "not shown to the caller" or "in this list" is about the
// service, not the document. The scope ends at "but", "except", "unless", "only".

const stated =
  '(?:specified|stated|shown|declared|defined|described|documented|given|mentioned|listed|detailed|covered|addressed|said|spell(?:ed|t) out|set out|set forth|laid (?:down|out)|pinned down|determined|indicated|named|promised|known|settled|explained|discussed|written down|invented|touched on|talked about|commented on|spoken (?:of|to|about)|gone into)';
const openAdjective =
  '(?:open|unspecified|unstated|undocumented|undefined|undeclared|undescribed|unmentioned|unknown|unsaid|unaddressed|unexplained|undetermined|unsettled|unnamed|silent)';
const stateVerb =
  '(?:specify|state|show|declare|define|describe|document|give|mention|list|detail|cover|address|say|spell out|set out|tell|name|determine|indicate|promise|explain|discuss|go into|pin down|commit to|invent|speak (?:of|to|about)|touch on|talk about|comment on)';
const stateVerbS =
  '(?:specifies|states|shows|declares|defines|describes|documents|gives|mentions|lists|details|covers|addresses|says|tells|names|indicates|promises|explains|discusses|invents|offers|makes|has|speaks (?:of|to|about)|touches on|talks about|comments on|goes into)';
const stateNoun = '(?:word|words|mention|information|detail|details|statement|indication|description|definition|documentation|specification|guidance|promise)';
const negation = "(?:not(?!\\s+(?:only|just|merely)\\b)|never|nowhere|n't)";
const comparative = '(?:longer|more|less|fewer|later|sooner|earlier|greater|smaller|bigger|shorter|higher|lower|faster|slower)';
/** A negative quantifier that is not an idiom asserting more ("nothing but", "no longer than"). */
const quantifier = `(?:nothing(?!\\s+but\\b)|none(?!\\s+but\\b)|no(?!\\s+(?:${comparative}|one but)\\b)|neither|not\\s+an?|not\\s+any)`;

/** Not among what the document says: "not part of the interface document", "absent from the description". */
const notInDocument = `(?:${negation}\\s+(?:part\\s+of|in|found\\s+in|among)|absent\\s+from|missing\\s+from|(?:outside|beyond)\\s+(?:(?:the\\s+)?scope\\s+of\\s+|what\\s+)?)\\s*(?:the|this)\\s+(?:interface\\s+)?(?:document|description|specification)`;

/** The negated statement about a subject before it: "is not specified", "remain open", "go unmentioned". */
const subjectPredicate = new RegExp(
  `\\b(?:(?:has|have|had)\\s+(?=(?:${negation}|yet)\\b)|(?:is|are|was|were|be|been|being|remains?|remained|stays?|stayed|goes|go|went|gets?|got|left|kept)\\s+)` +
    `(?:(?:still|also|so far|as yet|yet|entirely|wholly|completely|deliberately|intentionally|currently|likewise|equally|simply|explicitly|all|both|each)\\s+)*` +
    `(?:${negation}\\s+(?:(?:yet|been|being|further|explicitly|ever|anywhere|left)\\s+)*${stated}|(?:yet\\s+)?to\\s+be\\s+${stated}|(?:left\\s+)?${openAdjective}|an?\\s+open\\s+(?:question|matter|point)|${notInDocument})\\b`,
  'gi',
);
/** A negated stating verb, whose object is open: "does not specify", "states no", "is silent on", "leaves". */
const verbPredicate = new RegExp(
  `\\b(?:${negation}\\s+(?:\\w+ly\\s+)?${stateVerb}\\b|${stateVerbS}\\s+(?:no|nothing|neither|none)(?!\\s+(?:but|${comparative})\\b)|is\\s+(?:silent|quiet|mute)\\s+(?:on|about|as to|regarding|concerning)|leaves?\\s+(?=[^,;]*\\b${openAdjective}\\b)|(?<=\\b(?:document|description|specification|it)\\s+)leaves?\\s+(?:out\\b|aside\\b|(?=(?:[\\w'-]+\\s+){1,4}(?:out|aside)\\b))|${negation}\\s+(?:does|do|did)\\s+(?:the|this|its)\\s+(?:interface\\s+)?(?:document|description|specification)\\s+${stateVerb}\\b|(?:should|must|can|need)\\s*(?:not|n't)\\s+(?:assume|rely\\s+on|count\\s+on|depend\\s+on)\\s+(?=(?:any|a)\\s+(?:particular|specific|given)\\b))`,
  'gi',
);
/** A negative quantifier followed, in its clause, by a statement: "nothing is said", "there is no word", "no X is declared". */
const quantifiedStatement = new RegExp(
  `\\b(?:there\\s+(?:is|are|was|were)\\s+)?${quantifier}\\b(?=\\s+${stateNoun}\\b|[^;]*?\\b(?:${stated}|${stateVerbS}|${stateVerb})\\b)`,
  'gi',
);
const stateGerund =
  '(?:specifying|stating|showing|declaring|defining|describing|documenting|giving|mentioning|listing|detailing|covering|addressing|saying|spelling out|telling|naming|indicating|explaining|discussing|inventing)';
const withoutStating = new RegExp(`\\bwithout\\s+(?:\\w+ly\\s+)?(?:${stateGerund}|(?:a|any)\\s+(?:word|mention))`, 'gi');
/** Where a negation's scope ends: the clause asserts again from here. */
const scopeEnd = /\b(?:but|except|unless|other than|apart from|besides|only|instead|whereas|while|though|although)\b/i;
/** A statement attributed to something other than the document: "not shown to the caller", "in this list". */
const elsewhere =
  /^\s+(?:to|in|on|at|within|inside|from|into)\s+(?!(?:the\s+|this\s+|its\s+)?(?:interface\s+)?(?:document|description|specification|spec|table|source)\b)/i;
/** What may follow a negated statement and still be in its scope: "whether ...", "how ...". */
const extraposed = /^\s+(?:whether|how|which|what|when|where|who|why|if)\b/i;
/** A word that starts a clause of its own within a sentence, when what came before it asserted something. */
const boundary = /\b(?:and|but|or|yet|so|as|because|since|though|although|whereas|while|unless|if|when|where)\b/gi;
const relative = /\b(?:which|who)\b/gi;
const verbMarker =
  /\b(?:is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|shall|should|may|might|must|needs?|takes?|uses?|sends?|returns?|answers?|accepts?|requires?|expires?|fires?|fails?|happens?|becomes?|holds?|keeps?|allows?|supports?|applies|lasts?|runs?|calls?|\w+ed)\b/i;

/** A clause that is only a verdict, speaking for the clause before it: "not shown", "none stated", "unspecified". */
const verdict = new RegExp(
  `^\\s*(?:(?:is|are)\\s+)?(?:(?:still|also|so far|as yet)\\s+)?(?:${negation}\\s+(?:yet\\s+)?${stated}|(?:none|nothing)(?:\\s+(?:is|are))?\\s+${stated}|(?:left\\s+)?${openAdjective}|none|tbd)\\s*[.!]?\\s*$`,
  'i',
);

/** Whether `text` has a verb: a clause of its own, not an item of a list. */
export function hasVerb(text: string): boolean {
  return verbMarker.test(text);
}

export function isVerdict(clause: string): boolean {
  return verdict.test(clause);
}

type Span = [start: number, end: number];

/** Where the subject of a predicate at `at` starts: after the last word that begins a clause of its own. */
function subjectStart(clause: string, at: number): number {
  let start = 0;
  for (const found of clause.slice(0, at).matchAll(relative)) start = found.index + found[0].length;
  for (const found of clause.slice(0, at).matchAll(boundary))
    if (found.index >= start && verbMarker.test(clause.slice(start, found.index))) start = found.index + found[0].length;
  return start;
}

/** Where the scope that starts at `from` ends: at "but", "except", "unless" ... or the clause's end. */
function scopeEndAfter(clause: string, from: number): number {
  const found = scopeEnd.exec(clause.slice(from));
  return found ? from + found.index : clause.length;
}

function subjectSpans(clause: string): Span[] {
  return [...clause.matchAll(subjectPredicate)].flatMap((found): Span[] => {
    const end = found.index + found[0].length;
    const after = clause.slice(end);
    if (elsewhere.test(after)) return [];
    return [[subjectStart(clause, found.index), extraposed.test(after) ? scopeEndAfter(clause, end) : end]];
  });
}

/** A that-clause after a stating verb: what it says is asserted ("leaves out that X", "does not mention that X"), not open. */
const thatClause = /^\s*(?:(?:out|aside)\s+)?(?:the\s+fact\s+)?that\b/i;

function objectSpans(clause: string): Span[] {
  const spans: Span[] = [];
  for (const found of clause.matchAll(verbPredicate)) {
    const end = found.index + found[0].length;
    if (!thatClause.test(clause.slice(end))) spans.push([subjectStart(clause, found.index), scopeEndAfter(clause, end)]);
  }
  for (const pattern of [quantifiedStatement, withoutStating])
    for (const found of clause.matchAll(pattern)) spans.push([found.index, scopeEndAfter(clause, found.index + found[0].length)]);
  return spans;
}

/** The stretches of `clause` that a negated statement says are open. */
export function openSpans(clause: string): Span[] {
  return [...subjectSpans(clause), ...objectSpans(clause)];
}

/** Whether the words at `index` of `clause` are in a stretch the clause says is open. */
export function saidOpen(spans: Span[], index: number): boolean {
  return spans.some(([start, end]) => index >= start && index < end);
}
