import { describe, expect, it } from 'vitest';
import { enUS as en } from '../locales/built-in.js';
import { inputProblem, isSameJson } from './input-check.js';

describe('inputProblem', () => {
  it('accepts JSON of the proposed kind', () => {
    expect(inputProblem('{ "id": 9 }', { id: 7 }, en)).toBeUndefined();
    expect(inputProblem('[1, 2]', [1], en)).toBeUndefined();
    expect(inputProblem('"b"', 'a', en)).toBeUndefined();
    expect(inputProblem('{}', undefined, en)).toBeUndefined();
  });

  it('names a parse error and a change of kind', () => {
    expect(inputProblem('{ "id": 9', { id: 7 }, en)).toMatch(/^Not valid JSON: /);
    expect(inputProblem('[9]', { id: 7 }, en)).toBe("Does not match the tool’s input: expected an object, got an array");
    expect(inputProblem('null', { id: 7 }, en)).toBe("Does not match the tool’s input: expected an object, got null");
    expect(inputProblem('9', 'x', en)).toBe("Does not match the tool’s input: expected a string, got a number");
  });
});

describe('isSameJson', () => {
  it('compares JSON values deeply, ignoring key order', () => {
    expect(isSameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(isSameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(isSameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(isSameJson([1], { 0: 1 })).toBe(false);
  });
});
