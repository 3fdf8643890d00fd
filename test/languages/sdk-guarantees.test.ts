// The guarantees table (test/support/guarantees.ts) for every SDK language `npm run sdk` writes
// (scripts/languages/languages.ts): each language's drivers (test/languages/<language>/guarantees.ts,
// found by the language's name) start its driver program, which reads a call a line and calls the
// table's misbehaving servers. The languages one after another (the last first); a language's clients and lanes
// side by side (most of a row's time is a wait: a deadline, a Retry-After).
import { describe, expect, it } from 'vitest';
import { sdkLanguages } from '../../scripts/languages/languages.ts';
import { describeGuarantees, type GuaranteeDrivers, languages } from '../support/guarantees.ts';
import { missingFor, requireTools, runsHere } from '../support/languages.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { languagePart, sdkLanguagesHere } from '../support/sdk-package.ts';

const driversOf = new Map<string, GuaranteeDrivers>();
for (const language of sdkLanguages) {
  const part = await languagePart<GuaranteeDrivers>(language.name, 'guarantees.ts');
  if (part) driversOf.set(language.name, part);
}

it('every language of scripts/languages/languages.ts has its guarantees drivers (test/languages/<language>/guarantees.ts) and its entry in the table', () => {
  expect(sdkLanguages.filter((language) => !driversOf.has(language.name) || !(language.name in languages)).map((language) => language.name)).toEqual([]);
});

// The languages in the reverse of the list's order: sdk-packages.test.ts, which another worker may run
// at the same time, goes in its order, so that Python's package checks (mypy, pyright: the heaviest)
// do not crowd the rows of Python's four clients, whose deadlines have a quarter of a second to spare.
for (const language of sdkLanguagesHere().toReversed()) {
  const drivers = driversOf.get(language.name);
  const entry = languages[language.name as keyof typeof languages];
  if (!drivers || !entry) continue;
  const missing = missingFor(drivers.needs);
  const { label } = language;
  describe.runIf(runsHere(`the ${label} SDK guarantees`, missing))(`the ${label} SDK`, () => {
    const scratch = scratchFolderPerFile(`sdk-guarantees-${language.name}`);
    for (const client of drivers.clients)
      describe.concurrent(client.variant ?? label, () => {
        describeGuarantees(
          entry,
          async () => {
            requireTools(missing);
            return client.start(scratch.dir);
          },
          { variant: client.variant, rows: client.rows, lanes: client.lanes, only: client.only },
        );
      });
  });
}
