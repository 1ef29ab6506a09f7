import type { FlagState, VesselFormInput, VesselType } from '@medchest/domain';

/**
 * The demo fleet: 31 vessels of five owners in four fleets, under all five flag states and of all
 * seven types. IMO numbers have real-format check digits (asserted when seeding). Contract end
 * dates are days from the day of seeding, so the vessel list shows red (past), amber (within 90
 * days) and muted dates whenever the demo is started; certificate expiry dates likewise give the
 * dashboard every badge (Expired, Critical, Expiring Soon, Active, Not Set).
 */
interface DemoOwner {
  company: string;
  contactEmail: string;
  domain: string;
}

const owners = {
  nordhavn: { company: 'Nordhavn Shipping AS', contactEmail: 'fleet.ops@nordhavn-shipping.example', domain: 'nordhavn-shipping.example' },
  aegean: { company: 'Aegean Maritime Holdings', contactEmail: 'operations@aegean-maritime.example', domain: 'aegean-maritime.example' },
  pacificCrest: { company: 'Pacific Crest Lines', contactEmail: 'marine@pacificcrest.example', domain: 'pacificcrest.example' },
  meridian: { company: 'Meridian Tankers Ltd', contactEmail: 'hse@meridian-tankers.example', domain: 'meridian-tankers.example' },
  atlas: { company: 'Atlas Bulk Carriers', contactEmail: 'crewing@atlas-bulk.example', domain: 'atlas-bulk.example' },
} satisfies Record<string, DemoOwner>;

const NORTH_ATLANTIC = 'North Atlantic Fleet';
const MEDITERRANEAN = 'Mediterranean Fleet';
const ASIA_PACIFIC = 'Asia Pacific Fleet';
const GULF_CARIBBEAN = 'Gulf & Caribbean Fleet';

type Row = [
  vesselName: string,
  imoNumber: string,
  flagState: FlagState,
  vesselType: VesselType,
  fleet: string,
  owner: DemoOwner,
  crew: number,
  /** Contract end, in days from the day of seeding (negative: already ended). */
  contractEndInDays: number,
  /** Contract length in years: onboarding is that long before the contract end. */
  contractYears: number,
  master: string,
  phone: string,
  /** Medical chest certificate expiry, in days from the day of seeding; null: none on record. */
  certificateExpiryInDays: number | null,
];

const rows: Row[] = [
  ['Nordic Aurora', '9345128', 'LIBERIA', 'BULK_CARRIER', NORTH_ATLANTIC, owners.nordhavn, 22, -240, 3, 'Capt. Erik Halvorsen', '+47 22 41 18 90', -40],
  ['Baltic Endeavour', '9412878', 'MARSHALL_ISLANDS', 'CLASS_A_BULK_CARRIER', NORTH_ATLANTIC, owners.nordhavn, 24, 7, 2, 'Capt. Lars Mikkelsen', '+47 22 41 18 91', 9],
  ['Fjord Pioneer', '9523067', 'BAHAMAS', 'GAS_CARRIER', NORTH_ATLANTIC, owners.nordhavn, 31, 365, 5, 'Capt. Ingrid Solberg', '+47 22 41 18 92', 150],
  ['Polar Navigator', '9188740', 'IMGS', 'OIL_TANKER', NORTH_ATLANTIC, owners.nordhavn, 28, 820, 4, 'Capt. Henrik Dahl', '+47 22 41 18 93', 300],
  ['Northern Light', '9624512', 'PANAMA', 'CLASS_A_CARGO', NORTH_ATLANTIC, owners.atlas, 16, 150, 2, 'Capt. Sean Gallagher', '+353 1 555 0142', 27],
  ['Silver Tern', '9277307', 'LIBERIA', 'OIL_CHEMICAL_TANKER', NORTH_ATLANTIC, owners.meridian, 26, 52, 3, 'Capt. Fiona MacLeod', '+44 20 7946 0311', 60],
  ['Western Ranger', '9455181', 'MARSHALL_ISLANDS', 'CLASS_A_CRUDE_OIL', NORTH_ATLANTIC, owners.meridian, 34, 1050, 5, 'Capt. Owen Pritchard', '+44 20 7946 0312', 400],
  ['Aegean Star', '9730622', 'PANAMA', 'BULK_CARRIER', MEDITERRANEAN, owners.aegean, 20, -95, 2, 'Capt. Nikos Papadakis', '+30 210 555 7801', -5],
  ['Cretan Spirit', '9088160', 'BAHAMAS', 'OIL_TANKER', MEDITERRANEAN, owners.aegean, 27, 21, 3, 'Capt. Eleni Markou', '+30 210 555 7802', 14],
  ['Ionian Breeze', '9566435', 'IMGS', 'CLASS_A_CARGO', MEDITERRANEAN, owners.aegean, 12, 260, 2, 'Capt. Yannis Georgiou', '+30 210 555 7803', 210],
  ['Amber Trader', '9311971', 'LIBERIA', 'GAS_CARRIER', MEDITERRANEAN, owners.aegean, 29, 600, 4, 'Capt. Dimitris Kostas', '+30 210 555 7804', 133],
  ['Trident Spirit', '9488255', 'MARSHALL_ISLANDS', 'OIL_CHEMICAL_TANKER', MEDITERRANEAN, owners.meridian, 25, 89, 3, 'Capt. Marco Bellini', '+39 010 555 2201', 95],
  ['Golden Osprey', '9643702', 'PANAMA', 'CLASS_A_BULK_CARRIER', MEDITERRANEAN, owners.atlas, 21, 450, 3, 'Capt. Ana Ferreira', '+351 21 555 4410', 500],
  ['Iron Duke', '9122588', 'BAHAMAS', 'BULK_CARRIER', MEDITERRANEAN, owners.atlas, 19, 980, 5, 'Capt. Rafael Ortega', '+34 91 555 3307', null],
  ['Pacific Crest', '9779410', 'IMGS', 'CLASS_A_CRUDE_OIL', ASIA_PACIFIC, owners.pacificCrest, 38, -30, 4, 'Capt. Kenji Watanabe', '+81 3 5550 1201', 4],
  ['Coral Voyager', '9255048', 'LIBERIA', 'CLASS_A_CARGO', ASIA_PACIFIC, owners.pacificCrest, 14, 38, 2, 'Capt. Liam Nguyen', '+61 2 5550 3318', 241],
  ['Jade Horizon', '9399167', 'MARSHALL_ISLANDS', 'GAS_CARRIER', ASIA_PACIFIC, owners.pacificCrest, 33, 200, 3, 'Capt. Mei Lin Chen', '+65 6555 0192', 180],
  ['Sierra Maru', '9581277', 'PANAMA', 'OIL_TANKER', ASIA_PACIFIC, owners.pacificCrest, 30, 540, 4, 'Capt. Hiroshi Tanaka', '+81 3 5550 1202', 250],
  ['Eastern Promise', '9156838', 'BAHAMAS', 'CLASS_A_BULK_CARRIER', ASIA_PACIFIC, owners.atlas, 23, 66, 2, 'Capt. Arjun Mehta', '+91 22 5550 7731', null],
  ['Southern Cross', '9692454', 'IMGS', 'BULK_CARRIER', ASIA_PACIFIC, owners.atlas, 18, 700, 5, 'Capt. Jack Thornton', '+61 2 5550 3319', 365],
  ['Ocean Harmony', '9213791', 'LIBERIA', 'OIL_CHEMICAL_TANKER', ASIA_PACIFIC, owners.meridian, 27, 1200, 5, 'Capt. Rizal Santos', '+63 2 5550 8844', 120],
  ['Sea Falcon', '9440629', 'MARSHALL_ISLANDS', 'CLASS_A_CARGO', ASIA_PACIFIC, owners.pacificCrest, 15, 310, 2, 'Capt. Daniel Park', '+82 2 5550 6620', 70],
  ['Gulf Sentinel', '9367815', 'PANAMA', 'CLASS_A_CRUDE_OIL', GULF_CARIBBEAN, owners.meridian, 40, -3, 3, 'Capt. Carlos Mendoza', '+1 713 555 0187', 22],
  ['Caribbean Dawn', '9805130', 'BAHAMAS', 'GAS_CARRIER', GULF_CARIBBEAN, owners.meridian, 32, 80, 2, 'Capt. Marisol Reyes', '+1 242 555 0133', 330],
  ['Atlas Resolve', '9533983', 'IMGS', 'BULK_CARRIER', GULF_CARIBBEAN, owners.atlas, 20, 120, 3, 'Capt. Thomas Brennan', '+1 504 555 0164', 90],
  ['Cape Fortitude', '9299173', 'LIBERIA', 'CLASS_A_BULK_CARRIER', GULF_CARIBBEAN, owners.atlas, 22, 400, 4, 'Capt. Samuel Okafor', '+1 504 555 0165', 600],
  ['Bahama Mist', '9670248', 'BAHAMAS', 'OIL_TANKER', GULF_CARIBBEAN, owners.meridian, 29, 500, 3, 'Capt. Andre Knowles', '+1 242 555 0134', 45],
  ['Liberty Crown', '9426568', 'LIBERIA', 'CLASS_A_CRUDE_OIL', GULF_CARIBBEAN, owners.nordhavn, 36, 650, 4, 'Capt. Grace Whitfield', '+1 713 555 0188', null],
  ['Marshall Tide', '9107411', 'MARSHALL_ISLANDS', 'OIL_CHEMICAL_TANKER', GULF_CARIBBEAN, owners.aegean, 24, 760, 5, 'Capt. Paulo Tavares', '+1 305 555 0119', 280],
  ['Panama Sun', '9755892', 'PANAMA', 'CLASS_A_CARGO', GULF_CARIBBEAN, owners.pacificCrest, 13, 900, 3, 'Capt. Lucia Herrera', '+507 555 0171', 16],
  ['Meridian Pride', '9334284', 'IMGS', 'GAS_CARRIER', GULF_CARIBBEAN, owners.meridian, 35, 1100, 5, 'Capt. Helen Carter', '+1 713 555 0189', 520],
];

/** The day `days` after `isoDay` (YYYY-MM-DD; negative: before), counted in UTC so no clock change shifts it. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The medical profile of each demo vessel, so the chest rules' cases all appear: chemical and gas
 * tankers carry dangerous goods (the MFAG antidotes are doubled); small short-sea ships are coastal
 * (category B); vessels whose master is a woman have women on board (the gynaecological items).
 */
const CARRIES_DANGEROUS_GOODS: readonly VesselType[] = ['OIL_CHEMICAL_TANKER', 'GAS_CARRIER'];
const COASTAL_CREW_MAX = 14;
const WOMEN_ON_BOARD = new Set([
  'Fjord Pioneer',
  'Silver Tern',
  'Cretan Spirit',
  'Golden Osprey',
  'Jade Horizon',
  'Caribbean Dawn',
  'Liberty Crown',
  'Panama Sun',
  'Meridian Pride',
]);

const emailLocalPart = (vesselName: string) => vesselName.toLowerCase().replace(/[^a-z0-9]+/g, '.');

/** The demo fleet as vessel form bodies, with dates relative to `today` (YYYY-MM-DD). */
export function demoFleet(today: string): VesselFormInput[] {
  return rows.map(([vesselName, imoNumber, flagState, vesselType, fleet, owner, crew, endInDays, years, master, phone]) => {
    const contractEndDate = addDays(today, endInDays);
    return {
      vesselName,
      imoNumber,
      flagState,
      vesselType,
      fleet,
      ownershipCompany: owner.company,
      ownershipContactEmail: owner.contactEmail,
      crewSizeCategory: crew,
      contactName: master,
      contactPhone: phone,
      contactEmail: `master.${emailLocalPart(vesselName)}@${owner.domain}`,
      contractEndDate,
      onboardingDate: addDays(contractEndDate, -Math.round(years * 365.25)),
      medicalCategory: crew <= COASTAL_CREW_MAX ? 'B' : 'A',
      womenOnBoard: WOMEN_ON_BOARD.has(vesselName),
      carriesDangerousGoods: CARRIES_DANGEROUS_GOODS.includes(vesselType),
    };
  });
}

/** Who issues a medical chest certificate under each flag. */
const CERTIFICATE_ISSUERS: Record<FlagState, string> = {
  IMGS: 'IMGS Medical Chest Inspection Service',
  PANAMA: 'Panama Maritime Authority',
  LIBERIA: 'Liberian International Ship & Corporate Registry',
  MARSHALL_ISLANDS: 'Marshall Islands Maritime Administrator',
  BAHAMAS: 'Bahamas Maritime Authority',
};

export interface DemoCertificate {
  imoNumber: string;
  vesselName: string;
  flagState: FlagState;
  /** A year before the expiry: a medical chest certificate is issued for twelve months. */
  issueDate: string;
  expiryDate: string;
  certificateIssuer: string;
}

/** The demo fleet's medical chest certificates (vessels without one are left out). */
export function demoCertificates(today: string): DemoCertificate[] {
  return rows.flatMap(([vesselName, imoNumber, flagState, , , , , , , , , expiryInDays]) =>
    expiryInDays === null
      ? []
      : [
          {
            imoNumber,
            vesselName,
            flagState,
            issueDate: addDays(today, expiryInDays - 365),
            expiryDate: addDays(today, expiryInDays),
            certificateIssuer: CERTIFICATE_ISSUERS[flagState],
          },
        ],
  );
}
