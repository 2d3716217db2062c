import { describe, expect, it } from 'vitest';
import type { Choice } from '../../../engine/metadata/form-schema.js';
import { choicesWithHeld, groupChoices } from '../../../renderer/form/choice-groups.js';
import { allowsManyFiles, fileProblem, isSupportedFile } from '../../../renderer/form/file-checks.js';
import { maskPhoneInput, phoneInputValue } from '../../../renderer/form/phone-mask.js';
import { searchStage } from '../../../renderer/form/search-term.js';
import { CHOICES } from './form-fixtures.js';

const c = (id: number, sequence: number): Choice => ({ id, text: `C${id}`, sequence });
const ids = (choices: readonly Choice[]) => choices.map((x) => x.id);

describe('dropdown choice groups', () => {
  const choices = [c(1, 1), c(2, 2), c(3, 3), c(4, 4), c(5, 5)];
  it.each<[string, { groupName: string; firstChoiceSequence: number }[], [string | null, number[]][]]>([
    ['no groups', [], [[null, [1, 2, 3, 4, 5]]]],
    ['one group from the start', [{ groupName: 'All', firstChoiceSequence: 1 }], [['All', [1, 2, 3, 4, 5]]]],
    ['ungrouped choices first', [{ groupName: 'Late', firstChoiceSequence: 4 }], [[null, [1, 2, 3]], ['Late', [4, 5]]]],
    ['two groups, declared out of order', [{ groupName: 'B', firstChoiceSequence: 3 }, { groupName: 'A', firstChoiceSequence: 1 }], [['A', [1, 2]], ['B', [3, 4, 5]]]],
    ['a group whose choices are all hidden is dropped', [{ groupName: 'A', firstChoiceSequence: 1 }, { groupName: 'Empty', firstChoiceSequence: 9 }], [['A', [1, 2, 3, 4, 5]]]],
  ])('%s', (_name, groups, expected) => {
    expect(groupChoices(choices, groups).map((g) => [g.label, ids(g.choices)])).toEqual(expected);
  });

  it('groups only the visible choices it is given', () => {
    expect(groupChoices([c(1, 1), c(4, 4)], [{ groupName: 'A', firstChoiceSequence: 1 }, { groupName: 'B', firstChoiceSequence: 3 }])
      .map((g) => [g.label, ids(g.choices)])).toEqual([['A', [1]], ['B', [4]]]);
  });
});

describe('choices listed with a held value', () => {
  const visible = CHOICES.filter((x) => x.visible !== false).sort((a, b) => a.sequence - b.sequence);
  const all = [...CHOICES].sort((a, b) => a.sequence - b.sequence);
  it.each<[string, string[], number[]]>([
    ['nothing held', [], [12, 13, 11]],
    ['a visible choice held', ['11'], [12, 13, 11]],
    ['a retired choice held stays listed', ['14'], [12, 13, 11, 14]],
    ['an unknown value is not invented', ['99'], [12, 13, 11]],
  ])('%s', (_name, held, expected) => {
    expect(ids(choicesWithHeld(visible, all, held))).toEqual(expected);
  });
});

describe('phone mask (###) ###-####', () => {
  it.each([
    ['', ''], ['6', '(6'], ['615', '(615'], ['6155', '(615) 5'], ['615555', '(615) 555'], ['6155551', '(615) 555-1'],
    ['6155551234', '(615) 555-1234'], ['61555512345', '(615) 555-1234'], ['(615) 555-1234', '(615) 555-1234'],
    ['abc', ''], ['615-555-1234', '(615) 555-1234'], ['(615) ', '(615'],
  ])('typing %j shows %j', (typed, shown) => {
    expect(maskPhoneInput(typed)).toBe(shown);
  });

  it.each([
    ['6155551234', '(615) 555-1234'], ['615.555.1234', '(615) 555-1234'], ['(615) 555-1', '(615) 555-1'],
    ['615-555-1234 x12', '615-555-1234 x12'], ['5551234', '5551234'],
  ])('a stored %j shows as %j', (stored, shown) => {
    expect(phoneInputValue(stored)).toBe(shown);
  });
});

describe('file choice checks', () => {
  it.each([
    ['transcript.pdf', true], ['Diploma.PDF', true], ['cv.doc', true], ['cv.docx', true], ['scan.bmp', true],
    ['photo.heic', true], ['photo.jpeg', true], ['photo.jpg', true], ['scan.png', true], ['scan.pjpeg', true],
    ['scan.tif', true], ['scan.tiff', true], ['pic.webp', true], ['run.exe', false], ['notes.txt', false], ['pdf', false],
  ])('%s supported: %s', (name, supported) => {
    expect(isSupportedFile(name)).toBe(supported);
  });

  const MAX = 10 * 1024 * 1024;
  it.each<[string, string, string[], string | null, string | null, number?]>([
    ['first file of a single upload', 'a.pdf', [], 'single', null],
    ['a file of exactly the limit', 'a.pdf', [], 'single', null, MAX],
    ['a file one byte over the limit', 'a.pdf', [], 'single', 'file.tooLarge', MAX + 1],
    ['an unsupported type is told before the size', 'a.exe', [], 'single', 'file.unsupportedType', MAX + 1],
    ['second file of a single upload', 'b.pdf', ['a.pdf'], 'single', 'file.onlyOne'],
    ['second file of a certificate', 'b.pdf', ['a.pdf'], 'certificate', 'file.onlyOne'],
    ['second file of a multiple upload', 'b.pdf', ['a.pdf'], 'multiple', null],
    ['unsupported type', 'a.exe', [], 'multiple', 'file.unsupportedType'],
    ['duplicate name, any case', 'A.PDF', ['a.pdf'], 'multiple', 'file.duplicate'],
    ['no subtype is single', 'b.pdf', ['a.pdf'], null, 'file.onlyOne'],
  ])('%s', (_name, file, held, subtype, problem, size = 1000) => {
    expect(fileProblem({ name: file, size }, held, subtype, MAX)).toBe(problem);
  });

  it.each([['multiple', true], ['single', false], ['certificate', false], [null, false]] as const)('%s holds many: %s', (subtype, many) => {
    expect(allowsManyFiles(subtype)).toBe(many);
  });
});

describe('search needs two characters', () => {
  it.each([['', 'idle'], ['   ', 'idle'], ['a', 'tooShort'], [' a ', 'tooShort'], ['é', 'tooShort'], ['ab', 'search'], ['Memphis', 'search']])(
    '%j: %s', (term, stage) => expect(searchStage(term)).toBe(stage),
  );
});
