export {
  seedDemo,
  seedDemoPeople,
  demoVesselId,
  DEMO_ACCOUNT,
  ADMIN_ACCOUNT,
  AUDITOR_ACCOUNT,
  SECOND_COMPANY_ACCOUNT,
  SECOND_COMPANY_VESSELS,
  DEMO_VESSEL_COUNT,
  type SeedReport,
} from './seed';
