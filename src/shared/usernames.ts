/**
 * Usernames people can tell apart. A name is compared by its key: Unicode NFKC
 * (full-width letters, ligatures and other compatibility forms become their
 * plain letters) and lower case, so "ＡＤＭＩＮ" and "Admin" are "admin". The
 * server compares the same way in SQL (`lower(normalize(username, NFKC))`).
 */
export const usernameKey = (name: string) => name.normalize('NFKC').toLowerCase();

/** Spaces, control characters, and characters that show nothing (zero-width, direction marks, …). */
const UNSEEN = /[\s\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\u034f\u115f\u1160\u3164\uffa0]/u;

export const USERNAME_CHARACTERS_MESSAGE =
  'A username cannot contain spaces, control characters or invisible characters.';

/** Whether a trimmed username uses only characters that show and are not spaces. */
export const usernameCharactersOk = (name: string) => !UNSEEN.test(name);
