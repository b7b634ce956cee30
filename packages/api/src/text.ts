/**
 * What free text may hold, as pure rules without zod: the contract's `plainText` schema (envelope.ts)
 * applies them to every free-text field of a request, and the app words their refusals.
 */

/**
 * Bidirectional controls. The embeddings, overrides and isolates (U+202A–202E, U+2066–2069) reorder
 * whatever follows them up to the end of the paragraph: "\u202Egnp.exe" shows as "exe.png". The marks
 * U+200E, U+200F and U+061C are refused as well: in a left-to-right line an ALM before "123-456" shows
 * "456-123" and RLMs either side of its hyphen show "123456-" (as Chromium draws them), they are
 * invisible, so two names that look alike differ, and none of the platform's languages (English,
 * Chinese, Korean, Hindi) needs them. The joiners U+200C and U+200D are not controls of direction:
 * Devanagari conjuncts and emoji sequences need them, so they stay.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Most combining marks (Unicode category M) in a row after NFC. Real text stays under it: Devanagari
 * stacks at most a nukta, a vowel sign and a nasal sign ("ड़ों" is three), Thai a vowel and a tone mark,
 * an emoji keycap two; longer runs only pile marks over a line of text above and below it.
 */
export const COMBINING_MARKS_MAX = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${COMBINING_MARKS_MAX + 1}}`, "u");

/**
 * The messages of a text refusal in a zod issue. They are not error codes, so the server answers them
 * INVALID_INPUT with the field; the app's forms word them from this list.
 */
export const TEXT_PROBLEMS = ["bidiControl", "stackedMarks"] as const;
export type TextProblem = (typeof TEXT_PROBLEMS)[number];

export const isTextProblem = (message: string): message is TextProblem =>
  (TEXT_PROBLEMS as readonly string[]).includes(message);

/** What is wrong with `text` as free text, or null; `text` is expected in NFC, as the schema makes it. */
export function textProblem(text: string): TextProblem | null {
  if (BIDI_CONTROLS.test(text)) return "bidiControl";
  if (STACKED_MARKS.test(text)) return "stackedMarks";
  return null;
}
