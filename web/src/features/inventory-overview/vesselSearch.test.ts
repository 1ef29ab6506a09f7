import { describe, expect, it } from 'vitest';
import { searchVessels } from './vesselSearch';

const fleet = [
  { vesselName: 'Nordic Star', imoNumber: '9301005' },
  { vesselName: 'Pacific Dawn', imoNumber: '9074729' },
  { vesselName: 'Imola Trader', imoNumber: '9512345' },
];
const names = (query: string) => searchVessels(fleet, query).map((v) => v.vesselName);

describe('the inventory overview search', () => {
  it.each([
    ['', ['Nordic Star', 'Pacific Dawn', 'Imola Trader']],
    ['   ', ['Nordic Star', 'Pacific Dawn', 'Imola Trader']],
    ['star', ['Nordic Star']],
    ['  PACIFIC ', ['Pacific Dawn']],
    ['9301005', ['Nordic Star']],
    ['907', ['Pacific Dawn']],
    ['IMO 9074729', ['Pacific Dawn']],
    ['951 2345', ['Imola Trader']],
    ['imo', ['Imola Trader']],
    ['Atlantic', []],
  ])('%j finds %j', (query, expected) => {
    expect(names(query)).toEqual(expected);
  });
});
