const MAX_NAME = 180;

/**
 * The name a user gave a file, made safe to store and to put in a header: no
 * directories, no control or quote characters, a .pdf ending, a sane length.
 */
export function safeFileName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.normalize('NFC').replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '_').trim();
  name = name.replace(/^\.+/, '');
  if (!name) name = 'document.pdf';
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  if (name.length > MAX_NAME) name = `${name.slice(0, MAX_NAME - 4)}.pdf`;
  return name;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
