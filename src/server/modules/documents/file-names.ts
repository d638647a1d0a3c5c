const MAX_NAME = 180;

/**
 * The name a user gave a file, made safe to store and to put in a header: no
 * directories, no control or quote characters, a .pdf ending, a sane length.
 */
export function safeFileName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // C0 and C1 controls and the bidirectional controls (which can make a name read backwards).
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g, '_')
    .trim();
  name = name.replace(/^\.+/, '');
  if (!name) name = 'document.pdf';
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  if (name.length > MAX_NAME) name = `${name.slice(0, MAX_NAME - 4)}.pdf`;
  return name;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187 allows none of them in an ext-value.
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
