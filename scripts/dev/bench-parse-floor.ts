// The parse floor of the learn bench (bench-learn.ts): what Node alone takes to read a traffic file
// written one record a line (NDJSON, or a HAR an entry a line) and parse each line and the JSON
// bodies it holds, streamed. Learning does that and more; its time is compared with this one.
// Run as `node scripts/dev/bench-parse-floor.ts <file>`: prints the records and bodies parsed.
import fs from 'node:fs';

const [file] = process.argv.slice(2);
let records = 0;
let bodies = 0;

function parseLine(line: string): void {
  const text = line.trim().replace(/,$/, '');
  if (!text.startsWith('{') || !text.endsWith('}')) return;
  const record = JSON.parse(text) as { request?: { postData?: { text?: string } }; response?: { content?: { text?: string } } };
  records++;
  for (const body of [record.request?.postData?.text, record.response?.content?.text])
    if (body) {
      JSON.parse(body);
      bodies++;
    }
}

let rest = '';
for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
  const text = rest + (chunk as string);
  let from = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
    parseLine(text.slice(from, at));
    from = at + 1;
  }
  rest = text.slice(from);
}
parseLine(rest);
console.log(JSON.stringify({ records, bodies }));
