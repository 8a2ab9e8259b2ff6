// A German compliance export, as the KYC tests of issue 35 item 9 open it: its header names, every field
// the gateway needs, and dates written DD.MM.YYYY.

/** The header line's names, in the order the rows give their cells. */
export const GERMAN_HEADERS = [
  'Kundennummer',
  'Vorname',
  'Nachname',
  'Geburtsdatum',
  'Geschlecht',
  'Staatsangehörigkeit',
  'Ländervorwahl',
  'Ausweisnummer',
  'Ausgestellt am',
  'Gültig bis',
  'E-Mail',
  'Handynummer',
  'Ausweisbilder',
] as const;

/** YYYY-MM-DD as a German export writes it: 07.03.1979. */
export const germanDate = (iso: string) => iso.split('-').reverse().join('.');
