// A European compliance export maps by itself (issue 35, item 9): German, Spanish and Portuguese headers
// feed the fields their English ones do, whatever their case, accents or punctuation; no header key names
// two fields; a header that names no one field everywhere ("Name", "Nome") is left for the officer.
import { KYC_FIELDS } from '@shared/gateway/kyc';
import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  HEADER_SYNONYMS,
  headerKey,
  missingRequiredFields,
} from '../../src/main/kyc/checking/header-mapping';
import { GERMAN_HEADERS } from '../support/kyc/german-export';

const mapped = (headers: string[]) =>
  Object.fromEntries(guessMapping(headers).map((c) => [c.header, c.field]));

describe('KYC headers in German, Spanish and Portuguese', () => {
  it('maps a German export as the English one', () => {
    const headers = [...GERMAN_HEADERS, 'Zweiter Vorname'];
    expect(mapped(headers)).toEqual({
      Kundennummer: 'userId',
      Vorname: 'firstName',
      Nachname: 'lastName',
      'Zweiter Vorname': 'middleName',
      Geburtsdatum: 'birthday',
      Geschlecht: 'gender',
      Staatsangehörigkeit: 'country',
      Ländervorwahl: 'iddCode',
      Ausweisnummer: 'personalCode',
      'Ausgestellt am': 'certificateDateStart',
      'Gültig bis': 'certificateDateEnd',
      'E-Mail': 'email',
      Handynummer: 'mobile',
      Ausweisbilder: 'idCardUrls',
    });
    expect(missingRequiredFields(guessMapping(headers))).toEqual([]);
  });

  it('maps a Spanish export, accents or none', () => {
    expect(
      mapped([
        'ID de cliente',
        'Nombre',
        'Apellidos',
        'Fecha de nacimiento',
        'Sexo',
        'País',
        'Número de documento',
        'Fecha de expedición',
        'Fecha de caducidad',
        'Correo electrónico',
        'Teléfono móvil',
      ]),
    ).toEqual({
      'ID de cliente': 'userId',
      Nombre: 'firstName',
      Apellidos: 'lastName',
      'Fecha de nacimiento': 'birthday',
      Sexo: 'gender',
      País: 'country',
      'Número de documento': 'personalCode',
      'Fecha de expedición': 'certificateDateStart',
      'Fecha de caducidad': 'certificateDateEnd',
      'Correo electrónico': 'email',
      'Teléfono móvil': 'mobile',
    });
    expect(headerKey('FECHA DE NACIMIENTO')).toBe(headerKey('Fecha de nacimiento'));
    expect(headerKey('Telefono movil')).toBe(headerKey('Teléfono móvil'));
  });

  it('maps a Brazilian and a Portuguese export', () => {
    expect(
      mapped([
        'Código do cliente',
        'Primeiro nome',
        'Sobrenome',
        'Data de nascimento',
        'Gênero',
        'Nacionalidade',
        'CPF',
        'Data de emissão',
        'Data de validade',
        'E-mail',
        'Celular',
        'Telemóvel',
      ]),
    ).toEqual({
      'Código do cliente': 'userId',
      'Primeiro nome': 'firstName',
      Sobrenome: 'lastName',
      'Data de nascimento': 'birthday',
      Gênero: 'gender',
      Nacionalidade: 'country',
      CPF: 'personalCode',
      'Data de emissão': 'certificateDateStart',
      'Data de validade': 'certificateDateEnd',
      'E-mail': 'email',
      Celular: 'mobile',
      // A second column for a field already fed is left for the officer.
      Telemóvel: null,
    });
  });

  it('leaves a header that names no one field unmapped', () => {
    expect(mapped(['Name', 'Nome', 'Apelido', 'Código de país'])).toEqual({
      Name: null,
      Nome: null,
      Apelido: null,
      'Código de país': null,
    });
  });

  it('has no header key that names two fields, and every key in headerKey’s own form', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const field of KYC_FIELDS) {
      for (const key of [headerKey(field), ...HEADER_SYNONYMS[field]]) {
        expect(headerKey(key), `${key} is not in headerKey's form`).toBe(key);
        const before = owner.get(key);
        if (before && before !== field) clashes.push(`${key}: ${before} and ${field}`);
        owner.set(key, field);
      }
    }
    expect(clashes).toEqual([]);
  });
});
