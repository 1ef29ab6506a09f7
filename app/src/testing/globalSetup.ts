import { describeServices, startTestServices } from './services';

/**
 * vitest's global setup: picks (and, with a container engine, starts) the services once, before
 * any test process exists, and hands them over through the environment those processes inherit.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const services = await startTestServices();
  Object.assign(process.env, services.env);
  console.log(describeServices(services));
  return () => services.stop();
}
