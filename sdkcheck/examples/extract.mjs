// Extracts the JSON response examples of the Fakturoid API v3 docs (the
// service's own pages, saved as Markdown) into one file per page, so the check
// compares against the service's words rather than our memory of them.
//
//   node sdkcheck/examples/extract.mjs <dir of *.md pages> sdkcheck/examples
//
// Each file is {"page": "invoices.md", "names": [every `name` the page
// documents], "examples": {"<## section> / <### situation>":
// {"body": ..., "partial": true when the page cut fields out}}}; a response to
// "### Request with invalid data" is keyed "<section> / Request with invalid
// data / Response".
// Only bodies under a "### Response..." heading are kept; request bodies and
// attribute illustrations are not the service's answers.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [src, dst] = process.argv.slice(2);
if (!src || !dst) {
  console.error('usage: node extract.mjs <docs dir> <examples dir>');
  process.exit(2);
}
const heading = (line) => line.replace(/^#+\s*/, '').replace(/^\[(.*)\]\(.*\)$/, '$1').trim();

for (const name of readdirSync(src).filter((f) => f.endsWith('.md')).sort()) {
  const lines = readFileSync(join(src, name), 'utf8').split('\n');
  let section = '';
  let situation = '';
  let request = '';
  const examples = {};
  // Every name the page documents (attribute, parameter and nested tables
  // alike): a key that an example leaves out but the page names is still the
  // service's.
  const names = [...new Set(lines.map((l) => /^`([a-z][a-z0-9_]*)`$/.exec(l.trim())?.[1]).filter(Boolean))].sort();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('## ')) {
      section = heading(line);
      situation = '';
      request = '';
    } else if (line.startsWith('### ')) {
      situation = heading(line);
      // "### Request with invalid data" is followed by a bare "### Response":
      // name that response after the request it answers.
      if (situation.startsWith('Request')) request = situation === 'Request' ? '' : situation;
    } else if (line.startsWith('```')) {
      let j = i + 1;
      const body = [];
      while (j < lines.length && !lines[j].startsWith('```')) body.push(lines[j++]);
      i = j;
      if (!situation.startsWith('Response')) continue;
      // The pages elide repeated items ("…" before "]") and, in a few
      // examples, fields ("… // Other fields truncated"); drop the marker and
      // the comma it leaves behind, and remember field elision: there, only
      // the keys shown can be checked, not their completeness.
      const marker = (l) => /^\s*(…|\.\.\.)/.test(l);
      let partial = false;
      body.forEach((l, k) => {
        if (marker(l) && !/^\s*\]/.test(body[k + 1] ?? '')) partial = true;
      });
      const text = body
        .filter((l) => !marker(l))
        .join('\n')
        .replace(/,(\s*[\]}])/g, '$1');
      let value;
      try {
        value = JSON.parse(text);
      } catch {
        continue; // binary placeholders ("… Binary data …") and the like
      }
      let key = request && situation === 'Response' ? `${section} / ${request} / Response` : `${section} / ${situation}`;
      for (let n = 2; key in examples; n++) key = `${section} / ${situation} (${n})`;
      examples[key] = partial ? { partial: true, body: value } : { body: value };
    }
  }
  if (Object.keys(examples).length === 0) continue;
  const out = join(dst, name.replace(/\.md$/, '.json'));
  writeFileSync(out, `${JSON.stringify({ page: name, names, examples }, null, 2)}\n`);
  console.log(`${out}: ${Object.keys(examples).length} examples`);
}
