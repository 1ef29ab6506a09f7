/**
 * The accounts the seed creates (issue 2): the demo fleet owner shown on /admin/login and in the
 * README, and the seeded admin. Written out here from the issue, not imported from the product.
 */
export const DEMO = { email: 'demo@medchest.example', password: 'medchest-demo', firstName: 'Demo' } as const;
export const ADMIN = { email: 'admin@medchest.example', password: 'medchest-admin', firstName: 'Admin' } as const;

/** The demo fleet's size (spec 001 §9, issue 2). */
export const DEMO_FLEET_SIZE = 31;

/**
 * A suffix no other run or spec uses: base-36 time plus a random tail, uppercase so it also fits
 * an IMO number (7-20 uppercase letters and digits).
 */
export function uniqueSuffix(): string {
  const time = Date.now().toString(36).toUpperCase();
  const random = Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .toUpperCase()
    .padStart(3, '0');
  return `${time}${random}`;
}
