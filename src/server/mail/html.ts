const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A line as HTML: escaped, its links anchors (a link ends before quotes, brackets and closing punctuation). */
function lineHtml(line: string): string {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(/https?:\/\/[^\s<>"'()]+/g)) {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    out += escape(line.slice(at, m.index)) + `<a href="${escape(url)}">${escape(url)}</a>`;
    at = m.index + url.length;
  }
  return out + escape(line.slice(at));
}

/**
 * The simple HTML part of a mail, made from its text: the house's name as a
 * heading, one paragraph per block of lines, links clickable. Everything is
 * escaped; no remote images, no scripts.
 */
export function htmlOf(facilityName: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(facilityName)}</title></head>
<body style="font-family: Georgia, 'Times New Roman', serif; color: #1a1a1a; line-height: 1.5; max-width: 40em; margin: 0 auto; padding: 1em;">
<h1 style="font-size: 1.25em; color: #1b4d3e;">${escape(facilityName)}</h1>
${paragraphs}
</body></html>`;
}
