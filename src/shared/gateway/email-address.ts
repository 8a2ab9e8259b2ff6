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

/** How a character at fault is pointed at: itself when visible, else by its kind (and code point). */
export interface NamedCharacter {
  characterKind: 'space' | 'invisible' | 'visible';
  character: string;
}

/**
 * What is wrong with an address, as data: the catalogue words it in each language (shared/kyc-problems.ts),
 * emailAddressProblem in English for the schema's message.
 */
export type EmailAddressFault =
  | { fault: 'no-at' | 'local-empty' | 'local-dots' | 'domain-empty' | 'domain-no-dot' | 'domain-dots' }
  | { fault: 'label-hyphen' }
  | { fault: 'many-at'; count: number }
  | ({ fault: 'local-character' | 'domain-character' } & NamedCharacter)
  | { fault: 'top-level'; topLevel: string };

/** A character as a person can find it: the code point (U+200B) only where nothing shows on screen. */
function namedCharacter(character: string): NamedCharacter {
  if (character === ' ') return { characterKind: 'space', character: 'U+0020' };
  if (VISIBLE.test(character)) return { characterKind: 'visible', character };
  const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return { characterKind: 'invisible', character: `U+${code}` };
}

/**
 * `","`, `a space`, `an invisible character (U+200B)`: a character a person can find. The code point only
 * where nothing shows on screen to point at; a compliance officer reads "U+0020" as noise.
 */
export function characterName(character: string): string {
  return characterInEnglish(namedCharacter(character));
}

function characterInEnglish(named: NamedCharacter): string {
  if (named.characterKind === 'space') return 'a space';
  if (named.characterKind === 'visible') return `"${named.character}"`;
  return `an invisible character (${named.character})`;
}

const allowedInLocalPart = (character: string) =>
  ASCII_LETTER_OR_DIGIT.test(character) ||
  ATEXT_SYMBOLS.includes(character) ||
  (character.charCodeAt(0) > 0x7f && LETTER_MARK_OR_DIGIT.test(character));

const allowedInDomain = (character: string) =>
  ASCII_LETTER_OR_DIGIT.test(character) ||
  character === '-' ||
  (character.charCodeAt(0) > 0x7f && LETTER_MARK_OR_DIGIT.test(character));

function localPartFault(local: string): EmailAddressFault | undefined {
  if (local === '') return { fault: 'local-empty' };
  for (const character of local) {
    if (character !== '.' && !allowedInLocalPart(character)) {
      return { fault: 'local-character', ...namedCharacter(character) };
    }
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return { fault: 'local-dots' };
  return undefined;
}

function domainFault(domain: string): EmailAddressFault | undefined {
  if (domain === '') return { fault: 'domain-empty' };
  for (const character of domain) {
    if (character !== '.' && !allowedInDomain(character)) {
      return { fault: 'domain-character', ...namedCharacter(character) };
    }
  }
  const labels = domain.split('.');
  if (labels.length < 2) return { fault: 'domain-no-dot' };
  if (labels.some((label) => label === '')) return { fault: 'domain-dots' };
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-'))) return { fault: 'label-hyphen' };
  if (!TOP_LEVEL_DOMAIN.test(labels.at(-1)!)) return { fault: 'top-level', topLevel: labels.at(-1)! };
  return undefined;
}

/** What is wrong with `text` as an address Paydesk takes (A31), or undefined when it is one. */
export function emailAddressFault(text: string): EmailAddressFault | undefined {
  if (PLAIN_ADDRESS.test(text)) return undefined;
  const at = text.indexOf('@');
  if (at < 0) return { fault: 'no-at' };
  const ats = text.split('@').length - 1;
  if (ats > 1) return { fault: 'many-at', count: ats };
  return localPartFault(text.slice(0, at)) ?? domainFault(text.slice(at + 1));
}

/** A fault in English: the schema's message, the text the KYC export and the logs keep. */
function faultInEnglish(fault: EmailAddressFault): string {
  switch (fault.fault) {
    case 'no-at':
      return `${EXAMPLE}: this one has no "@".`;
    case 'many-at':
      return `An e-mail address holds one "@"; this one has ${fault.count}.`;
    case 'local-empty':
      return `${EXAMPLE}: nothing comes before "@".`;
    case 'local-character':
      return `An e-mail address cannot hold ${characterInEnglish(fault)} before "@".`;
    case 'local-dots':
      return 'An e-mail address cannot have a dot first or last before "@", nor two dots in a row.';
    case 'domain-empty':
      return `${EXAMPLE}: no domain comes after "@".`;
    case 'domain-character':
      return `An e-mail address cannot hold ${characterInEnglish(fault)} in its domain (after "@").`;
    case 'domain-no-dot':
      return `${EXAMPLE}: the domain after "@" has no dot.`;
    case 'domain-dots':
      return 'An e-mail address cannot have a dot first or last in its domain, nor two dots in a row.';
    case 'label-hyphen':
      return 'An e-mail address cannot have a part of its domain begin or end with "-".';
    case 'top-level':
      return `${EXAMPLE}: the domain ends in letters, as .com does, not ".${fault.topLevel}".`;
  }
}

/** Why `text` is not an e-mail address Paydesk takes (A31), or undefined when it is one. */
export function emailAddressProblem(text: string): string | undefined {
  const fault = emailAddressFault(text);
  return fault && faultInEnglish(fault);
}
