/**
 * The `dir` of an element that shows a text a user translates (a source box, an output, a glossary term): the text
 * runs in its own direction whatever the UI's, so English in the Arabic UI reads left to right. Empty, the element
 * follows the page: Chromium makes an empty `dir="auto"` box left to right, and its placeholder, in the UI's
 * language, with it.
 */
export function ownDirection(text: string): 'auto' | undefined {
  return text ? 'auto' : undefined;
}
