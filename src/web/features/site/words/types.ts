/** How a field of the content is named for the staff. */
export interface FieldWords {
  label: string;
  /** A sentence under the label: what the field does on the site. */
  description?: string;
  /** A text of several sentences: edited in a larger box. */
  long?: boolean;
  /** The choices of a list of options, in plain words. */
  options?: Record<string, string>;
  /** For a part that may be left out: the checkbox that adds it. */
  toggle?: string;
}

/** One kind's words, by the field's path with list indexes as `*` (`albums.*.title`). */
export type KindWords = Record<string, FieldWords>;

/** What every search engine summary says. */
export const searchSummary: FieldWords = {
  label: 'Summary for search engines',
  description:
    "What search engines show under the page's name: one or two sentences, about 120 to 160 characters.",
  long: true,
};

/** The words of a short id. */
export const idWords = (label: string, example: string): FieldWords => ({
  label,
  description: `A short name that no other entry of this list has: lower-case words joined by hyphens, e.g. ${example}.`,
});

/** The fields of a picture: its file, what it shows, and its size. */
export function pictureWords(prefix: string, caption: FieldWords): KindWords {
  return {
    [`${prefix}.src`]: {
      label: 'Picture file',
      description: 'Filled in when you upload a picture.',
    },
    [`${prefix}.alt`]: {
      label: 'Describe the picture for people who cannot see it',
      description:
        'Required. Say what the picture shows, e.g. "A wooden dock reaching into the pond"; do not start with "Picture of".',
      long: true,
    },
    [`${prefix}.caption`]: caption,
    [`${prefix}.width`]: {
      label: 'Width in pixels',
      description: 'Filled in when you upload a picture.',
    },
    [`${prefix}.height`]: {
      label: 'Height in pixels',
      description: 'Filled in when you upload a picture.',
    },
  };
}
