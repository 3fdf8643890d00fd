// HTML for the site's own pages: text escaped for HTML, a changelog section's Markdown rendered
// into a few safe elements (headings, lists, paragraphs, code, bold; a link's text only), and the
// page frame with a policy that lets a page load nothing and run nothing.

/** Text as HTML text or a quoted attribute value. */
export function forHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Inline Markdown: code spans, bold; a link keeps its text only (the site links nowhere outside). */
function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${forHtml(part.slice(1, -1))}</code>`
        : // A link's text and target hold no bracket or parenthesis: each attempt stops at the next
          // one, so a line of a million `[` takes linear time (any text in brackets took quadratic).
          forHtml(part.replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>'),
    )
    .join('');
}

/** A changelog section's text as HTML: `### ` headings, `- ` items (with their continued lines), paragraphs. */
export function changelogHtml(markdown: string): string {
  const blocks: string[] = [];
  let items: string[] | undefined;
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0 && items) items.push(paragraph.join(' '));
    else if (paragraph.length > 0) blocks.push(`<p>${inline(paragraph.join(' '))}</p>`);
    if (items) blocks.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    [paragraph, items] = [[], undefined];
  };
  for (const line of markdown.split('\n')) {
    if (line.trim() === '') flush();
    else if (/^#{3,6} /.test(line)) {
      flush();
      blocks.push(`<h4>${inline(line.replace(/^#+ /, ''))}</h4>`);
    } else if (line.startsWith('- ')) {
      if (paragraph.length > 0 && items) items.push(paragraph.join(' '));
      else if (paragraph.length > 0) flush();
      items ??= [];
      paragraph = [line.slice(2).trim()];
    } else paragraph.push(line.trim());
  }
  flush();
  return blocks.join('\n');
}

/** Content-Security-Policy of the site's own pages: styles inline, nothing loaded, nothing run. */
const pagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const pageStyle = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
a{color:#1d5c63}code{background:#f2f2f2;padding:0 .2em;border-radius:3px;font-size:.9em}
table{border-collapse:collapse}td,th{padding:.3em .8em;border-bottom:1px solid #ddd;text-align:left}
section{border-top:1px solid #ccc;margin-top:2rem}h4{margin-bottom:.2em}`;

/** A whole page of the site. */
export function page(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${pagePolicy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${forHtml(title)}</title>
<style>${pageStyle}</style>${extraHead}
</head>
<body>
${body}
</body>
</html>
`;
}
