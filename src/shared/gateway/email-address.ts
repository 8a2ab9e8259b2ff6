// What an e-mail address may hold (assumption A31 in docs/gateway-assumptions.md): the interface says only
// "string, e-mail address". Paydesk takes an address as RFC 6531 writes it, unquoted: a local part of
// dot-separated atoms (the ASCII characters RFC 5322 allows, and letters, marks and digits of any script,
// so "zoë.rossi@example.com" and "josé@correo.es"), "@", and a domain of dot-separated labels (ASCII
// letters, digits and "-", or letters, marks and digits of any script: IDN in its Unicode form) ending in
// a top-level domain of letters. No quoted local parts, comments, IP literals, spaces, invisible or
// control characters. The length rule (64) is A10's, in the schema beside this. When an address is
// refused, the reason names the character (or the missing part) that made it so.

/** The common address: plain ASCII that the rules below accept whole, so they need not walk it. */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** ASCII characters of a local part's atoms besides letters and digits (RFC 5322 `atext`). */
const ATEXT_SYMBOLS = "!#$%&'*+/=?^_`{|}~-";
const ASCII_LETTER_OR_DIGIT = /^[A-Za-z0-9]$/;
/** A letter, combining mark or digit of any script: what RFC 6531 addresses hold beyond ASCII here. */
const LETTER_MARK_OR_DIGIT = /^[\p{L}\p{M}\p{N}]$/u;
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const TOP_LEVEL_DOMAIN = /^(?:[\p{L}\p{M}]{2,}|xn--[a-z0-9-]+)$/iu;

const EXAMPLE = 'An e-mail address such as name@example.com';

/**
 * `","`, `a space`, `an invisible character (U+200B)`: a character a person can find. The code point only
 * where nothing shows on screen to point at; a compliance officer reads "U+0020" as noise.
 */
export function characterName(character: string): string {
  if (character === ' ') return 'a space';
  if (VISIBLE.test(character)) return `"${character}"`;
  return `an invisible character (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}

const allowedInLocalPart = (character: string) =>
  ASCII_LETTER_OR_DIGIT.test(character) ||
  ATEXT_SYMBOLS.includes(character) ||
  (character.charCodeAt(0) > 0x7f && LETTER_MARK_OR_DIGIT.test(character));

const allowedInDomain = (character: string) =>
  ASCII_LETTER_OR_DIGIT.test(character) ||
  character === '-' ||
  (character.charCodeAt(0) > 0x7f && LETTER_MARK_OR_DIGIT.test(character));

function localPartProblem(local: string): string | undefined {
  if (local === '') return `${EXAMPLE}: nothing comes before "@".`;
  for (const character of local) {
    if (character !== '.' && !allowedInLocalPart(character)) {
      return `An e-mail address cannot hold ${characterName(character)} before "@".`;
    }
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return 'An e-mail address cannot have a dot first or last before "@", nor two dots in a row.';
  }
  return undefined;
}

function domainProblem(domain: string): string | undefined {
  if (domain === '') return `${EXAMPLE}: no domain comes after "@".`;
  for (const character of domain) {
    if (character !== '.' && !allowedInDomain(character)) {
      return `An e-mail address cannot hold ${characterName(character)} in its domain (after "@").`;
    }
  }
  const labels = domain.split('.');
  if (labels.length < 2) return `${EXAMPLE}: the domain after "@" has no dot.`;
  if (labels.some((label) => label === '')) {
    return 'An e-mail address cannot have a dot first or last in its domain, nor two dots in a row.';
  }
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-'))) {
    return 'An e-mail address cannot have a part of its domain begin or end with "-".';
  }
  if (!TOP_LEVEL_DOMAIN.test(labels.at(-1)!)) {
    return `${EXAMPLE}: the domain ends in letters, as .com does, not ".${labels.at(-1)}".`;
  }
  return undefined;
}

/** Why `text` is not an e-mail address Paydesk takes (A31), or undefined when it is one. */
export function emailAddressProblem(text: string): string | undefined {
  if (PLAIN_ADDRESS.test(text)) return undefined;
  const at = text.indexOf('@');
  if (at < 0) return `${EXAMPLE}: this one has no "@".`;
  const ats = text.split('@').length - 1;
  if (ats > 1) return `An e-mail address holds one "@"; this one has ${ats}.`;
  return localPartProblem(text.slice(0, at)) ?? domainProblem(text.slice(at + 1));
}
