import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, verifyChain } from './hash';

describe('canonical JSON', () => {
  it('is what JSON.stringify writes, with every object key sorted', () => {
    const value = { b: 1, a: [1, { d: 2, c: 3 }], nested: { z: null, y: 'ü 🚢' } };
    expect(canonicalJson(value)).toBe('{"a":[1,{"c":3,"d":2}],"b":1,"nested":{"y":"ü 🚢","z":null}}');
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('does not depend on the order keys were written in', () => {
    expect(canonicalJson({ userId: 'u', correlationId: 'c', occurredAt: 't' })).toBe(canonicalJson({ occurredAt: 't', correlationId: 'c', userId: 'u' }));
  });

  it('follows JSON.stringify for toJSON, undefined, functions, non-finite numbers and boxed values', () => {
    const value = { date: new Date(0), gone: undefined, fn: () => 1, list: [undefined, () => 1], nan: NaN, inf: -Infinity, n: new Number(2), custom: { toJSON: () => ({ y: 2, x: 1 }) } };
    expect(canonicalJson(value)).toBe('{"custom":{"x":1,"y":2},"date":"1970-01-01T00:00:00.000Z","inf":null,"list":[null,null],"n":2,"nan":null}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('text')).toBe('"text"');
  });

  it('sorts integer-like keys as strings, which plain JavaScript objects would not', () => {
    expect(canonicalJson({ 10: 'ten', 9: 'nine', a: { 2: 'two', 10: 'ten' } })).toBe('{"10":"ten","9":"nine","a":{"10":"ten","2":"two"}}');
  });

  it('orders keys as the built-in sort does (UTF-16 code units), for few keys and for many', () => {
    // Keys that start with a digit but are not integer-like, upper before lower case, an accent,
    // and a character outside the Basic Multilingual Plane (two code units, sorting before U+FFFF).
    const keys = ['b', '0a', 'B', 'é', '\u{1F6A2}', '\uFFFF', 'aa', 'a', '1x', '_', 'Z9', 'a b'];
    for (const count of [2, 5, keys.length]) {
      const few = keys.slice(0, count);
      const value = Object.fromEntries(few.map((k) => [k, k]));
      expect(Object.keys(JSON.parse(canonicalJson(value)))).toEqual([...few].sort());
    }
    const many = Array.from({ length: 40 }, (_, i) => `k${(i * 7919) % 997}`);
    expect(Object.keys(JSON.parse(canonicalJson(Object.fromEntries(many.map((k) => [k, 1])))))).toEqual([...many].sort());
  });

  it('keeps a "__proto__" key as an ordinary member', () => {
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":{"b":1,"a":2}}'))).toBe('{"__proto__":{"a":2,"b":1},"z":1}');
  });

  it('refuses bigints rather than losing precision', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

describe('hash chain', () => {
  const first = { streamId: 'vessel-1', revision: 0n, id: 'e0', type: 'VesselCreated', version: 1, data: { name: 'Aurora' }, metadata: { userId: null } };
  const second = { ...first, revision: 1n, id: 'e1', type: 'VesselUpdated', data: { crew: 3 } };

  it('hashes the previous hash followed by the canonical content', () => {
    const content = '["vessel-1",0,"e0","VesselCreated",1,{"name":"Aurora"},{"userId":null}]';
    expect(chainHash('', first)).toBe(createHash('sha256').update(content).digest('hex'));
    expect(chainHash('abc', first)).toBe(createHash('sha256').update(`abc${content}`).digest('hex'));
  });

  it('verifies a chain and points at the first broken or missing link', () => {
    const h0 = chainHash('', first);
    const h1 = chainHash(h0, second);
    expect(verifyChain([{ ...first, hash: h0 }, { ...second, hash: h1 }])).toEqual({ ok: true, checked: 2 });
    expect(verifyChain([{ ...first, hash: h0 }, { ...second, data: { crew: 4 }, hash: h1 }])).toMatchObject({ ok: false, brokenAt: 1n, checked: 1 });
    // Rewriting an event together with its hash still breaks the next link.
    const forged = { ...first, data: { name: 'Forged' } };
    expect(verifyChain([{ ...forged, hash: chainHash('', forged) }, { ...second, hash: h1 }])).toMatchObject({ ok: false, brokenAt: 1n });
    expect(verifyChain([{ ...second, hash: h1 }])).toMatchObject({ ok: false, brokenAt: 0n, reason: 'revision 0 is missing' });
  });
});
